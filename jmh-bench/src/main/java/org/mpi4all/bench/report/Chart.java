package org.mpi4all.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import javax.imageio.ImageIO;

/**
 * The two kinds of PNG chart the report needs, drawn with Java2D (no plotting library, nothing to install):
 * curves over message size with logarithmic axes, and grouped bars.
 */
final class Chart {
    private static final int WIDTH = 900;
    private static final int HEIGHT = 540;
    private static final int LEFT = 90;
    private static final int RIGHT = 230;
    private static final int TOP = 50;
    private static final int BOTTOM = 70;
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    /** A named series of (x, y) points. */
    record Series(String name, List<double[]> points) {}

    private Chart() {}

    /** Curves of y over x, both axes logarithmic (x labelled as byte sizes). */
    static void logLog(Path file, String title, String yLabel, List<Series> series) {
        List<double[]> all = series.stream().flatMap(s -> s.points().stream()).filter(p -> p[0] > 0 && p[1] > 0).toList();
        if (all.isEmpty()) {
            return;
        }
        double xMin = Math.log10(all.stream().mapToDouble(p -> p[0]).min().orElseThrow());
        double xMax = Math.log10(all.stream().mapToDouble(p -> p[0]).max().orElseThrow());
        double yMin = Math.floor(Math.log10(all.stream().mapToDouble(p -> p[1]).min().orElseThrow()));
        double yMax = Math.ceil(Math.log10(all.stream().mapToDouble(p -> p[1]).max().orElseThrow()));
        if (yMax == yMin) {
            yMax++;
        }
        Canvas c = new Canvas(title);
        double xSpan = Math.max(xMax - xMin, 1e-9);
        double ySpan = yMax - yMin;
        DoubleFunction<Double> px = x -> LEFT + (Math.log10(x) - xMin) / xSpan * c.plotWidth();
        DoubleFunction<Double> py = y -> TOP + c.plotHeight() - (Math.log10(y) - yMin) / ySpan * c.plotHeight();
        for (double e = yMin; e <= yMax; e++) {
            c.horizontalGrid(py.apply(Math.pow(10, e)), formatPower(e));
        }
        for (double[] p : series.getFirst().points()) {
            c.verticalTick(px.apply(p[0]), Report.bytes((long) p[0]));
        }
        c.axisLabels("message size", yLabel);
        for (int i = 0; i < series.size(); i++) {
            Path2D line = new Path2D.Double();
            boolean first = true;
            for (double[] p : series.get(i).points()) {
                if (p[0] <= 0 || p[1] <= 0) {
                    continue;
                }
                double x = px.apply(p[0]);
                double y = py.apply(p[1]);
                if (first) {
                    line.moveTo(x, y);
                    first = false;
                } else {
                    line.lineTo(x, y);
                }
                c.marker(x, y, PALETTE[i % PALETTE.length]);
            }
            c.stroke(line, PALETTE[i % PALETTE.length]);
            c.legend(i, series.get(i).name(), PALETTE[i % PALETTE.length]);
        }
        c.write(file);
    }

    /** Bars of {@code values.get(group).get(series)}, one group per key, with a reference line at {@code reference}. */
    static void groupedBars(Path file, String title, String yLabel, Map<String, Map<String, Double>> values, double reference) {
        List<String> seriesNames = new ArrayList<>();
        values.values().forEach(m -> m.keySet().forEach(k -> {
            if (!seriesNames.contains(k)) {
                seriesNames.add(k);
            }
        }));
        double yMax = Math.max(reference, values.values().stream().flatMap(m -> m.values().stream())
                .mapToDouble(Double::doubleValue).max().orElse(1)) * 1.1;
        Canvas c = new Canvas(title);
        DoubleFunction<Double> py = y -> TOP + c.plotHeight() - y / yMax * c.plotHeight();
        double step = niceStep(yMax / 6);
        for (double y = 0; y <= yMax; y += step) {
            c.horizontalGrid(py.apply(y), String.format(Locale.ROOT, step < 1 ? "%.1f" : "%.0f", y));
        }
        c.axisLabels("", yLabel);
        double groupWidth = c.plotWidth() / Math.max(1, values.size());
        double barWidth = groupWidth * 0.8 / Math.max(1, seriesNames.size());
        int group = 0;
        for (var entry : values.entrySet()) {
            double groupLeft = LEFT + group * groupWidth + groupWidth * 0.1;
            for (int s = 0; s < seriesNames.size(); s++) {
                Double value = entry.getValue().get(seriesNames.get(s));
                if (value != null) {
                    c.bar(groupLeft + s * barWidth, py.apply(value), barWidth * 0.9, py.apply(0.0), PALETTE[s % PALETTE.length]);
                }
            }
            c.verticalTick(groupLeft + groupWidth * 0.4, entry.getKey());
            group++;
        }
        c.referenceLine(py.apply(reference));
        for (int s = 0; s < seriesNames.size(); s++) {
            c.legend(s, seriesNames.get(s), PALETTE[s % PALETTE.length]);
        }
        c.write(file);
    }

    private static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 5, 10}) {
            if (m * magnitude >= raw) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }

    private static String formatPower(double exponent) {
        double value = Math.pow(10, exponent);
        return value >= 1 ? String.format("%,.0f", value) : String.format("%s", (float) value);
    }

    /** A white image with a title and a plot area, and the few drawing operations the charts use. */
    private static final class Canvas {
        private final BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        private final Graphics2D g = image.createGraphics();

        Canvas(String title) {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setColor(Color.BLACK);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
            g.drawString(title, LEFT, 30);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            g.drawRect(LEFT, TOP, (int) plotWidth(), (int) plotHeight());
        }

        double plotWidth() {
            return WIDTH - LEFT - RIGHT;
        }

        double plotHeight() {
            return HEIGHT - TOP - BOTTOM;
        }

        void horizontalGrid(double y, String label) {
            g.setColor(new Color(0xdddddd));
            g.drawLine(LEFT, (int) y, LEFT + (int) plotWidth(), (int) y);
            g.setColor(Color.BLACK);
            FontMetrics m = g.getFontMetrics();
            g.drawString(label, LEFT - 6 - m.stringWidth(label), (int) y + 4);
        }

        void verticalTick(double x, String label) {
            g.setColor(Color.BLACK);
            int bottom = TOP + (int) plotHeight();
            g.drawLine((int) x, bottom, (int) x, bottom + 4);
            FontMetrics m = g.getFontMetrics();
            g.drawString(label, (int) x - m.stringWidth(label) / 2, bottom + 18);
        }

        void axisLabels(String x, String y) {
            g.setColor(Color.BLACK);
            g.drawString(x, LEFT + (int) plotWidth() / 2 - g.getFontMetrics().stringWidth(x) / 2, HEIGHT - 25);
            Graphics2D rotated = (Graphics2D) g.create();
            rotated.rotate(-Math.PI / 2);
            rotated.drawString(y, -(TOP + (int) plotHeight() / 2 + g.getFontMetrics().stringWidth(y) / 2), 20);
            rotated.dispose();
        }

        void stroke(Path2D line, Color color) {
            g.setColor(color);
            g.setStroke(new BasicStroke(2));
            g.draw(line);
            g.setStroke(new BasicStroke(1));
        }

        void marker(double x, double y, Color color) {
            g.setColor(color);
            g.fillOval((int) x - 3, (int) y - 3, 7, 7);
        }

        void bar(double x, double top, double width, double bottom, Color color) {
            g.setColor(color);
            g.fillRect((int) x, (int) top, Math.max(1, (int) width), (int) (bottom - top));
        }

        void referenceLine(double y) {
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            g.drawLine(LEFT, (int) y, LEFT + (int) plotWidth(), (int) y);
            g.setStroke(new BasicStroke(1));
        }

        void legend(int index, String name, Color color) {
            int x = WIDTH - RIGHT + 15;
            int y = TOP + 10 + index * 20;
            g.setColor(color);
            g.fillRect(x, y - 9, 14, 10);
            g.setColor(Color.BLACK);
            g.drawString(name, x + 20, y);
        }

        void write(Path file) {
            g.dispose();
            try {
                ImageIO.write(image, "png", file.toFile());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
            }
        }
    }

    /** An insertion-ordered map, for callers that build {@link #groupedBars} values. */
    static <K, V> Map<K, V> ordered() {
        return new LinkedHashMap<>();
    }
}
