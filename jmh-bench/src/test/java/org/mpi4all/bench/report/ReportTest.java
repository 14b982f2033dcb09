package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report from a small results directory: its charts (what they plot, not their pixels) and its tables. */
class ReportTest {
    @TempDir
    Path directory;

    private static String measurement(String contender, String benchmark, int bytes, int window, double... microseconds) {
        List<String> times = new ArrayList<>();
        for (double t : microseconds) {
            times.add(Double.toString(t));
        }
        return String.join("\t", contender, benchmark, Integer.toString(bytes), Integer.toString(window), "10",
                String.join(",", times)) + "\n";
    }

    /**
     * A suite run on Open MPI with C and mpi4all segments at three sizes in three launches (the second drew the slow
     * placement: twice the times), class initialisation, NPB and Fortran runs.
     */
    private Path results() throws IOException {
        Path results = directory.resolve("results");
        Files.createDirectories(results);
        Files.writeString(results.resolve("machine.properties"), """
                command=scripts/bench-report --quick
                mpis=openmpi
                launches=3
                mpi.openmpi.name=Open MPI 4.1.4
                load.start=1.0
                load.end=2.0
                npb.jmh.warmup=2
                npb.jmh.iterations=3
                """);
        double[] slowness = {1.0, 2.0, 1.04};
        for (int launch = 1; launch <= slowness.length; launch++) {
            double f = slowness[launch - 1];
            StringBuilder rank0 = new StringBuilder();
            for (int bytes : List.of(8, 1024, 1 << 20)) {
                rank0.append(measurement("c", "PingPong.roundTrip", bytes, 1, (bytes * 0.001 + 0.25) * f, (bytes * 0.001 + 0.30) * f));
                rank0.append(measurement("mpi4all-segment", "PingPong.roundTrip", bytes, 1, (bytes * 0.001 + 0.32) * f,
                        (bytes * 0.001 + 0.40) * f));
                rank0.append(measurement("c", "Bandwidth.window", bytes, 64, (bytes * 0.01 + 1) * f));
                rank0.append(measurement("mpi4all-segment", "Bandwidth.window", bytes, 64, (bytes * 0.01 + 2) * f));
                rank0.append(measurement("c", "Allreduce.sum", bytes, 1, (bytes * 0.002 + 0.2) * f));
            }
            Path micro = Files.createDirectories(results.resolve("micro/openmpi/launch-" + launch));
            Files.writeString(micro.resolve("rank0.tsv"), rank0);
            Files.writeString(micro.resolve("load.tsv"), "c\t%d.0\t%d.5%nmpi4all-segment\t%d.5\t%d.7%n"
                    .formatted(launch, launch, launch, launch));
        }
        // scripts/bench-specialised: launches of each jar, then class initialisation of each (the report's table too)
        for (String jar : List.of("neutral", "specialised")) {
            double factor = jar.equals("neutral") ? 1.01 : 1.0;
            Path launch = Files.createDirectories(results.resolve("specialised/openmpi/" + jar + "/launch-1"));
            Files.writeString(launch.resolve("rank0.tsv"), measurement("c-in-mpi4all-segment", "PingPong.roundTrip", 8, 1, 0.30)
                    + measurement("mpi4all-segment", "PingPong.roundTrip", 8, 1, 0.33 * factor)
                    + measurement("mpi4all-segment", "BindingOverhead.commRankBinding", 0, 1, 0.008));
        }
        Files.writeString(Files.createDirectories(results.resolve("specialised/openmpi/class-init/neutral")).resolve("rank0.tsv"),
                measurement("mpi4all", "ClassInitialisation.mpiColdJvm", 0, 1, 120_000, 150_000, 130_000)
                        + measurement("mpi4all", "ClassInitialisation.mpiAfterFfmWarm", 0, 1, 25_000, 29_000, 27_000));
        Files.writeString(Files.createDirectories(results.resolve("specialised/openmpi/class-init/specialised")).resolve("rank0.tsv"),
                measurement("mpi4all", "ClassInitialisation.mpiAfterFfmWarm", 0, 1, 24_000, 28_000, 26_000));
        Files.writeString(results.resolve("npb.tsv"), """
                ompi-java\tCG\tA\t2\t0.42
                mpi4all-openmpi\tCG\tA\t2\t0.40
                ompi-java\tCG\tA\t1\t0.90
                mpi4all-openmpi\tCG\tA\t1\t0.93
                """);
        Files.writeString(results.resolve("npb-jmh.tsv"), """
                ompi-java\tCG\tA\t2\tjmh\t0.500000,0.520000,0.540000
                ompi-java\tCG\tA\t2\tnpb\t0.510000,0.530000,0.550000
                mpj\tCG\tA\t2\tfailed-1
                mpi4all-openmpi\tCG\tA\t2\tjmh\t0.480000,0.470000,0.490000
                mpi4all-openmpi\tCG\tA\t2\tnpb\t0.481000,0.471000,0.491000
                mpi4all-openmpi\tEP\tS\t2\tjmh\t0.012300,0.012500,0.012400
                mpi4all-openmpi\tEP\tS\t2\tnpb\t0.012400,0.012600,0.012500
                """);
        Files.writeString(results.resolve("npb-jmh-load.tsv"), "CG\tA\t2\t1.25\t1.50\nEP\tS\t2\t1.50\t0.75\n");
        Files.writeString(results.resolve("fortran.tsv"), """
                fortran-openmpi\tCG\tA\t2\t0.30
                mpi4all-openmpi\tCG\tA\t2\t0.70
                fortran-openmpi\tCG\tA\t2\t0.40
                mpi4all-openmpi\tCG\tA\t2\t0.72
                fortran-openmpi\tCG\tA\t2\t0.35
                mpi4all-openmpi\tCG\tA\t2\tunverified
                """);
        return results;
    }

    /** The report of {@code results} in docs/benchmarks.md (returned), its charts in docs/benchmarks/. */
    private String report(Path results) throws IOException {
        Path doc = directory.resolve("docs/benchmarks.md");
        Files.createDirectories(doc.getParent());
        Report.main(new String[] {results.toString(), doc.toString(), images().toString()});
        return Files.readString(doc);
    }

    private Path images() {
        return directory.resolve("docs/benchmarks");
    }

    @Test
    void writesTheChartsAsPngAndTheTables() throws IOException {
        String markdown = report(results());

        for (String png : List.of("openmpi-latency.png", "openmpi-bandwidth.png", "openmpi-allreduce.png", "npb-speedup-A.png")) {
            BufferedImage image = ImageIO.read(images().resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Chart.WIDTH);
            assertThat(image.getHeight()).isEqualTo(Chart.HEIGHT);
        }
        assertThat(markdown).contains("![Open MPI 4.1.4: ping-pong round trip](benchmarks/openmpi-latency.png)");
        // a time is the median of the launches' best iterations: C's 0.258, 0.516, 0.268; mpi4all's 0.328, 0.656, 0.341
        assertThat(markdown).contains("contender is launched 3 times");
        assertThat(markdown).contains("| 8 B | 0.268 | 0.341 | ×1.27 |");
        // without C in the mpi4all launches the report is what it was: ratios of medians, no goals table
        assertThat(markdown).contains("### mpi4all against C on the same MPI").doesNotContain("paired");
        assertThat(markdown).contains("C 0.258 / 0.2683 / 0.516 (3); mpi4all segments 0.328 / 0.3411 / 0.656 (3)");
        // bandwidth: a window of 64 messages of 1 KiB over the median window time (launch 3's: 11.69 µs for C)
        assertThat(markdown).contains("| 1 KiB | 5,606 | 5,148 | ×0.92 |");
        assertThat(markdown).contains("launch by launch: c 1.0→1.5, 2.0→2.5, 3.0→3.5; mpi4all-segment 1.5→1.7, 2.5→2.7, 3.5→3.7.");
        // class initialisation ran once, outside the launches: best (median; worst) of its forks, ms
        assertThat(markdown).contains("| Open MPI 4.1.4 | 120.0 (130.0; 150.0) | 25.0 (27.0; 29.0) | – | – |");
        // NPB: best of the runs, speedup = Open MPI Java's time over mpi4all's
        assertThat(markdown).contains("| CG.A | 2 | 0.42 | 0.40 | 1.05 |");
        // Fortran: medians 0.35 and 0.71 of the verified runs, the unverified one named
        assertThat(markdown).contains("| openmpi | CG.A | 2 | 0.35 (0.30–0.40) | 0.71 (0.70–0.72); unverified | ×2.03 |");
    }

    @Test
    void npbUnderJmhHasJmhsViewAndNpbsOwnOfTheSameIterations() throws IOException {
        String markdown = report(results());

        assertThat(markdown).contains("### NAS Parallel Benchmarks under JMH: JMH's view and NPB's own");
        assertThat(markdown).contains("2 warm-up and 3 measured iterations, each of which must verify").contains("during these launches: 0.8–1.5.");
        // a launch per row in the order they ran; JMH's mean ± 99.9% error (t of 2 degrees of freedom, 31.60, times
        // the standard deviation, 0.02, 0.01 and 0.0001, over √3) and min, NPB's mean and times, each row with three
        // significant digits of its JMH mean
        assertThat(markdown).contains("| CG.A | 2 | ompi-java | 0.520 ± 0.365 | 0.500 | 0.530 | 0.510, 0.530, 0.550 |\n"
                + "| CG.A | 2 | mpj | failed-1 | – | – | – |\n"
                + "| CG.A | 2 | mpi4all-openmpi | 0.480 ± 0.182 | 0.470 | 0.481 | 0.481, 0.471, 0.491 |\n"
                + "| EP.S | 2 | mpi4all-openmpi | 0.0124 ± 0.0018 | 0.0123 | 0.0125 | 0.0124, 0.0126, 0.0125 |\n");
    }

    @Test
    void npbUnderJmhIsLeftOutWhereItDidNotRun() throws IOException {
        assertThat(report(pairedResults())).doesNotContain("under JMH");
    }

    /** Each launch's best iteration of one contender's benchmark at one size, µs: launch 1, 2, 3. */
    private record Bests(String contender, String benchmark, int bytes, double... perLaunch) {}

    /**
     * A run on Open MPI whose mpi4all launches also ran C's loop ({@code c-in-*} lines), in three launches, the
     * second of which drew the slow mode for everyone in it; C's own launches drew it in the third.
     */
    private Path pairedResults() throws IOException {
        Path results = directory.resolve("paired");
        Files.createDirectories(results);
        Files.writeString(results.resolve("machine.properties"), """
                command=scripts/bench-report
                mpis=openmpi
                launches=3
                mpi.openmpi.name=Open MPI 4.1.4
                """);
        List<Bests> bests = List.of(
                new Bests("c", "PingPong.roundTrip", 8, 0.25, 0.26, 0.50),
                new Bests("mpi4all-segment", "PingPong.roundTrip", 8, 0.30, 0.60, 0.33),
                new Bests("c-in-mpi4all-segment", "PingPong.roundTrip", 8, 0.28, 0.55, 0.30),
                new Bests("mpi4all-heap", "PingPong.roundTrip", 8, 0.27, 0.62, 0.29),
                new Bests("c-in-mpi4all-heap", "PingPong.roundTrip", 8, 0.26, 0.50, 0.28),
                // no C in the launches at this size: apart only, 1.25 / 1.1
                new Bests("c", "PingPong.roundTrip", 1024, 1.0, 2.0, 1.1),
                new Bests("mpi4all-segment", "PingPong.roundTrip", 1024, 1.2, 2.4, 1.25),
                new Bests("c", "Allreduce.sum", 8, 0.20, 0.40, 0.21),
                new Bests("mpi4all-segment", "Allreduce.sum", 8, 0.24, 0.48, 0.25),
                new Bests("c-in-mpi4all-segment", "Allreduce.sum", 8, 0.20, 0.40, 0.20),
                new Bests("mpi4all-heap", "Allreduce.sum", 8, 0.22, 0.44, 0.23),
                new Bests("c-in-mpi4all-heap", "Allreduce.sum", 8, 0.20, 0.40, 0.20),
                new Bests("c", "Bandwidth.window", 8, 10, 20, 10.4),
                new Bests("mpi4all-segment", "Bandwidth.window", 8, 11, 22, 11.5),
                new Bests("c-in-mpi4all-segment", "Bandwidth.window", 8, 10, 20, 10),
                new Bests("c", "Bandwidth.window", 64, 10, 20, 10.4),
                new Bests("mpi4all-segment", "Bandwidth.window", 64, 12, 24, 12),
                new Bests("c-in-mpi4all-segment", "Bandwidth.window", 64, 10, 20, 10),
                new Bests("c", "Bandwidth.window", 1 << 16, 98, 196, 102),
                new Bests("mpi4all-segment", "Bandwidth.window", 1 << 16, 100, 200, 104),
                new Bests("c-in-mpi4all-segment", "Bandwidth.window", 1 << 16, 100, 200, 100),
                new Bests("c", "CallOverhead.commRank", 0, 0.004, 0.004, 0.004),
                new Bests("mpi4all-segment", "CallOverhead.commRank", 0, 0.007, 0.007, 0.007),
                new Bests("c-in-mpi4all-segment", "CallOverhead.commRank", 0, 0.004, 0.004, 0.004));
        for (int launch = 1; launch <= 3; launch++) {
            StringBuilder rank0 = new StringBuilder();
            for (Bests b : bests) {
                double best = b.perLaunch()[launch - 1];
                int window = b.benchmark().startsWith("Bandwidth") ? 64 : 1;
                rank0.append(measurement(b.contender(), b.benchmark(), b.bytes(), window, best * 1.5, best, best * 1.2));
            }
            Path micro = Files.createDirectories(results.resolve("micro/openmpi/launch-" + launch));
            Files.writeString(micro.resolve("rank0.tsv"), rank0);
        }
        return results;
    }

    @Test
    void showsTheNeutralJarAgainstASpecialisedOneAndBothStartUps() throws IOException {
        String markdown = report(results());

        assertThat(markdown).contains("### The neutral jar against specialised ones");
        // round trip ratios to C 1.111 and 1.1: ×1.010
        assertThat(markdown).contains("| openmpi | mpi4all-segment: 8 B round trip ÷ C's loop in the same launch | 1 + 1 |")
                .contains("| ×1.010 | within 2% | yes |");
        assertThat(markdown).contains("| openmpi | `MPI_Comm_rank` through `Mpi`, ns, launches' bests min / median / max | 1 + 1 | 8 / 8 / 8 | 8 / 8 / 8 | ×1.000 | within 2% | yes |");
        // start-up medians 27 and 26 ms
        assertThat(markdown).contains("| openmpi | class initialisation of `Mpi` (FFM warm), ms, forks min / median / max | 3 + 3 "
                + "| 25.0 / 27.0 / 29.0 | 24.0 / 26.0 / 28.0 | ×1.038 | neutral's median under 30 ms | yes |");
    }

    @Test
    void judgesMpi4allAgainstCOnThePairedRatiosWhereTheResultsHaveThem() throws IOException {
        String markdown = report(pairedResults());

        assertThat(markdown).contains("**Paired with C.**").doesNotContain("### mpi4all against C on the same MPI");
        // the goals: segments' round trip ratios 0.30/0.28, 0.60/0.55, 0.33/0.30, median 1.091; apart 0.33 / 0.26
        assertThat(markdown).contains("| goal | bound | Open MPI 4.1.4, paired | apart | verdict |");
        assertThat(markdown).contains("| mpi4all-segment: 8 B round trip | <= 1.10 | ×1.091 (1.07–1.10) | ×1.269 | met |");
        // heap arrays: 0.27/0.26, 0.62/0.50, 0.29/0.28: the slow launch's 1.24 does not decide; apart 0.29 / 0.26
        assertThat(markdown).contains("| mpi4all-heap: 8 B round trip | <= 1.10 | ×1.038 (1.04–1.24) | ×1.115 | met |");
        assertThat(markdown).contains("| mpi4all-segment: allreduce of one double | <= 1.15 | ×1.200 (1.20–1.25) | ×1.190 | **missed** |");
        assertThat(markdown).contains("| mpi4all-heap: allreduce of one double | <= 1.15 | ×1.100 (1.10–1.15) | ×1.095 | met |");
        // a message rate is C's time over mpi4all's: time ratios 1.10, 1.10, 1.15, so rates 0.909, 0.909, 0.870
        assertThat(markdown).contains("| mpi4all-segment: message rate, window of 8 B (of C's) | >= 0.90 | ×0.909 (0.87–0.91) | ×0.904 | met |");
        assertThat(markdown).contains("| mpi4all-segment: message rate, window of 64 B (of C's) | >= 0.90 | ×0.833 (0.83–0.83) | ×0.867 | **missed** |");
        assertThat(markdown).contains("| mpi4all-segment: window of 64 KiB (time) | 0.95-1.05 | ×1.000 (1.00–1.04) | ×1.020 | met |");
        assertThat(markdown).contains("| mpi4all-segment: window of 1 MiB (time) | 0.95-1.05 | – | – | missing |");
        assertThat(markdown).contains("Goals met: Open MPI 4.1.4 5 of 9.");
        // every size of every family C measures, paired where C ran in the launches, apart beside it
        assertThat(markdown).contains("| operation | size | segments, paired | segments, apart | heap arrays, paired | heap arrays, apart |");
        assertThat(markdown).contains("| round trip | 8 B | ×1.091 (1.07–1.10) | ×1.269 | ×1.038 (1.04–1.24) | ×1.115 |");
        assertThat(markdown).contains("| round trip | 1 KiB | – | ×1.136 | – | – |");
        assertThat(markdown).contains("| window of messages | 64 KiB | ×1.000 (1.00–1.04) | ×1.020 | – | – |");
        assertThat(markdown).contains("| `MPI_Comm_rank` | – | ×1.750 (1.75–1.75) | ×1.750 | – | – |");
        // the tables of times keep C's own launches, labelled apart; the binding's ping-pong table is paired
        assertThat(markdown).contains("Ping-pong round trip, µs (×C: ratio to C's own launches, apart)");
        assertThat(markdown).contains("| Open MPI 4.1.4 | 8 B | 0.260 | 0.330 | ×1.091 (1.07–1.10) | 0.290 | ×1.038 (1.04–1.24) | ×0.88 |");
        assertThat(markdown).contains("![Open MPI 4.1.4: mpi4all ÷ C in the same launches](benchmarks/openmpi-paired.png)");
        BufferedImage chart = ImageIO.read(images().resolve("openmpi-paired.png").toFile());
        assertThat(chart.getWidth()).isEqualTo(Chart.WIDTH);
    }

    @Test
    void ratioChartHasALinearAxisOverTheRatiosAndTheReferenceWithALineAtIt() {
        List<Chart.Series> series = List.of(
                new Chart.Series("round trip, mpi4all segments", List.of(new double[] {8, 1.09}, new double[] {64, 1.29},
                        new double[] {1024, Double.NaN})),
                new Chart.Series("window of messages, mpi4all heap (critical)", List.of(new double[] {8, Double.NaN})));

        JFreeChart chart = Chart.ratiosOverSize("Open MPI: mpi4all ÷ C", "time ÷ C's time", series, 1.0);

        XYPlot plot = chart.getXYPlot();
        // a curve without a single ratio is left out, as is a point without one
        assertThat(plot.getDataset().getSeriesCount()).isEqualTo(1);
        assertThat(plot.getDataset().getItemCount(0)).isEqualTo(2);
        assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class);
        // from the reference, 1.0, to the highest ratio, 1.29, and 5 % of that span beyond each
        assertThat(plot.getRangeAxis()).isInstanceOfSatisfying(NumberAxis.class, axis -> {
            assertThat(axis.getLowerBound()).isCloseTo(0.9855, within(1e-9));
            assertThat(axis.getUpperBound()).isCloseTo(1.3045, within(1e-9));
        });
        assertThat(plot.getRangeMarkers(Layer.FOREGROUND)).singleElement()
                .satisfies(marker -> assertThat(((ValueMarker) marker).getValue()).isEqualTo(1.0));
    }

    @Test
    void logLogChartHasOneSeriesPerContenderOnLogarithmicAxes() {
        List<Chart.Series> series = List.of(
                new Chart.Series("C", List.of(new double[] {8, 0.25}, new double[] {1024, 1.3}, new double[] {1 << 20, 1000})),
                new Chart.Series("mpi4all segments", List.of(new double[] {8, 0.32}, new double[] {1024, Double.NaN})));

        JFreeChart chart = Chart.logLog("Open MPI: ping-pong round trip", "µs per round trip", series);

        XYPlot plot = chart.getXYPlot();
        XYDataset dataset = plot.getDataset();
        assertThat(dataset.getSeriesCount()).isEqualTo(2);
        assertThat(dataset.getSeriesKey(0)).isEqualTo("C");
        assertThat(dataset.getItemCount(0)).isEqualTo(3);
        assertThat(dataset.getXValue(0, 2)).isEqualTo(1 << 20);
        assertThat(dataset.getYValue(0, 2)).isEqualTo(1000);
        // a logarithmic axis cannot show NaN: the point is left out, not drawn at zero
        assertThat(dataset.getSeriesKey(1)).isEqualTo("mpi4all segments");
        assertThat(dataset.getItemCount(1)).isEqualTo(1);
        assertThat(plot.getDomainAxis()).isInstanceOfSatisfying(LogAxis.class, axis -> {
            assertThat(axis.getBase()).isEqualTo(2);
            assertThat(axis.getLabel()).isEqualTo("message size");
        });
        assertThat(plot.getRangeAxis()).isInstanceOf(LogAxis.class);
        assertThat(plot.getRangeAxis().getLabel()).isEqualTo("µs per round trip");
    }

    @Test
    void groupedBarsHaveOneCategoryPerGroupAndTheReferenceLine() {
        Map<String, Map<String, Double>> values = Chart.ordered();
        values.computeIfAbsent("CG 2p", k -> Chart.ordered()).put("mpi4all-openmpi", 1.2);
        values.get("CG 2p").put("mpj", 0.6);
        values.computeIfAbsent("EP 2p", k -> Chart.ordered()).put("mpi4all-openmpi", 1.0);

        JFreeChart chart = Chart.groupedBars("NPB class A", "speedup (Open MPI Java = 1)", values, 1.0);

        CategoryPlot plot = chart.getCategoryPlot();
        CategoryDataset dataset = plot.getDataset();
        assertThat(dataset.getColumnKeys()).containsExactly("CG 2p", "EP 2p");
        assertThat(dataset.getRowKeys()).containsExactly("mpi4all-openmpi", "mpj");
        assertThat(dataset.getValue("mpj", "CG 2p")).isEqualTo(0.6);
        assertThat(dataset.getValue("mpj", "EP 2p")).isNull();
        assertThat(plot.getRangeMarkers(Layer.FOREGROUND)).singleElement()
                .satisfies(marker -> assertThat(((ValueMarker) marker).getValue()).isEqualTo(1.0));
    }
}
