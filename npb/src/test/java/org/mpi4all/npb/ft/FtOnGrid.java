package org.mpi4all.npb.ft;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Optional;
import org.mpi4all.npb.NpbClass;
import org.mpi4all.npb.Progress;
import org.mpi4all.npb.Report;
import org.mpi4all.npb.ReportWriter;
import org.mpi4all.npb.RunContext;
import org.mpi4all.npb.WarmUp;
import org.mpi4all.npb.comm.Backend;
import org.mpi4all.npb.comm.Backends;

/**
 * Runs FT on the MPJ Express backend with a process grid of np1 rows, {@code FtOnGrid CLASS NP1}, as the
 * reference's inputft.data can ask for: the only way to reach the 2-D layout with few processes. Prints the
 * report on rank 0 and exits 1 unless it verified.
 */
public final class FtOnGrid {
    private FtOnGrid() {}

    public static void main(String[] args) {
        Backend backend = Backends.create("mpj");
        String[] programArgs = backend.init(args);
        NpbClass npbClass = NpbClass.parse(programArgs[0]);
        int np1 = Integer.parseInt(programArgs[1]);
        boolean root = backend.world().rank() == 0;
        try {
            FourierTransform ft = new FourierTransform((processes, nz) -> new ProcessGrid(np1, processes / np1));
            Optional<Report> report = ft.run(new RunContext(backend, backend.world(), npbClass,
                    root ? System.out : new PrintStream(OutputStream.nullOutputStream()),
                    Progress.silent()), WarmUp.NPB);
            report.ifPresent(r -> System.out.print(ReportWriter.format(r)));
            int[] verified = {report.map(Report::verified).orElse(false) ? 1 : 0};
            backend.world().bcast(verified, 0, 1, 0);
            backend.close();
            if (verified[0] != 1) {
                System.exit(1);
            }
        } catch (RuntimeException | Error e) {
            e.printStackTrace();
            System.exit(4);
        }
    }
}
