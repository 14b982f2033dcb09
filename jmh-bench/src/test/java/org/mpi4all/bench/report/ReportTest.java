package org.mpi4all.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

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
        Path classInit = Files.createDirectories(results.resolve("class-init/openmpi"));
        Files.writeString(classInit.resolve("rank0.tsv"),
                measurement("mpi4all", "ClassInitialisation.mpiColdJvm", 0, 1, 120_000, 150_000, 130_000));
        Files.writeString(results.resolve("npb.tsv"), """
                ompi-java\tCG\tA\t2\t0.42
                mpi4all-openmpi\tCG\tA\t2\t0.40
                ompi-java\tCG\tA\t1\t0.90
                mpi4all-openmpi\tCG\tA\t1\t0.93
                """);
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

    @Test
    void writesTheChartsAsPngAndTheTables() throws IOException {
        Path doc = directory.resolve("docs/benchmarks.md");
        Path images = directory.resolve("docs/benchmarks");
        Files.createDirectories(doc.getParent());

        Report.main(new String[] {results().toString(), doc.toString(), images.toString()});

        for (String png : List.of("openmpi-latency.png", "openmpi-bandwidth.png", "openmpi-allreduce.png", "npb-speedup-A.png")) {
            BufferedImage image = ImageIO.read(images.resolve(png).toFile());
            assertThat(image).as(png).isNotNull();
            assertThat(image.getWidth()).isEqualTo(Chart.WIDTH);
            assertThat(image.getHeight()).isEqualTo(Chart.HEIGHT);
        }
        String markdown = Files.readString(doc);
        assertThat(markdown).contains("![Open MPI 4.1.4: ping-pong round trip](benchmarks/openmpi-latency.png)");
        // a time is the median of the launches' best iterations: C's 0.258, 0.516, 0.268; mpi4all's 0.328, 0.656, 0.341
        assertThat(markdown).contains("contender is launched 3 times");
        assertThat(markdown).contains("| 8 B | 0.268 | 0.341 | ×1.27 |");
        assertThat(markdown).contains("C 0.258 / 0.2683 / 0.516 (3); mpi4all segments 0.328 / 0.3411 / 0.656 (3)");
        // bandwidth: a window of 64 messages of 1 KiB over the median window time (launch 3's: 11.69 µs for C)
        assertThat(markdown).contains("| 1 KiB | 5,606 | 5,148 | ×0.92 |");
        assertThat(markdown).contains("launch by launch: c 1.0→1.5, 2.0→2.5, 3.0→3.5; mpi4all-segment 1.5→1.7, 2.5→2.7, 3.5→3.7.");
        // class initialisation ran once, outside the launches: best (median; worst) of its forks, ms
        assertThat(markdown).contains("| Open MPI 4.1.4 | 120.0 (130.0; 150.0) | – | – | – |");
        // NPB: best of the runs, speedup = Open MPI Java's time over mpi4all's
        assertThat(markdown).contains("| CG.A | 2 | 0.42 | 0.40 | 1.05 |");
        // Fortran: medians 0.35 and 0.71 of the verified runs, the unverified one named
        assertThat(markdown).contains("| openmpi | CG.A | 2 | 0.35 (0.30–0.40) | 0.71 (0.70–0.72); unverified | ×2.03 |");
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
