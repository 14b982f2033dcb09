package org.mpi4all.bench.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.text.AttributedString;
import java.text.DecimalFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The kinds of chart the report needs, built with JFreeChart and written as PNG (headless): curves over message
 * size with logarithmic axes, ratios over message size with a reference line, and grouped bars with a reference line.
 */
final class Chart {
    static final int WIDTH = 900;
    static final int HEIGHT = 540;
    private static final Color GRID = new Color(0xdddddd);
    /** Distinct colours that stay apart on white (matplotlib's "tab10"). */
    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    /** A named series of (x, y) points. */
    record Series(String name, List<double[]> points) {}

    private Chart() {}

    /**
     * Curves of y over message size, both axes logarithmic: x in powers of two labelled as byte sizes, y in
     * powers of ten. Points that a logarithmic axis cannot show (zero, negative, NaN) are left out.
     */
    static JFreeChart logLog(String title, String yLabel, List<Series> series) {
        XYSeriesCollection dataset = dataset(series);
        LogAxis y = new LogAxis(yLabel);
        y.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        y.setTickUnit(new NumberTickUnit(1)); // a tick every power of ten
        y.setMinorTickMarksVisible(false);
        if (dataset.getSeriesCount() > 0) {
            // whole decades, so that the tick labels are 0.1, 1, 10, ... however narrow the data; a hair wider, so
            // that rounding in the axis's own powers does not drop the end ticks
            double low = Math.floor(Math.log10(DatasetUtils.findMinimumRangeValue(dataset).doubleValue()));
            double high = Math.ceil(Math.log10(DatasetUtils.findMaximumRangeValue(dataset).doubleValue()) + 1e-9);
            y.setRange(Math.pow(10, low) * 0.999, Math.pow(10, high) * 1.001);
        }
        return overSize(title, dataset, y);
    }

    /**
     * Ratios over message size: x logarithmic as in {@link #logLog}, y linear over the ratios and {@code reference},
     * with a dashed line at {@code reference}. Points that are not positive numbers are left out.
     */
    static JFreeChart ratiosOverSize(String title, String yLabel, List<Series> series, double reference) {
        XYSeriesCollection dataset = dataset(series);
        NumberAxis y = new NumberAxis(yLabel);
        if (dataset.getSeriesCount() > 0) {
            // ratios lie near the reference: from zero, their differences would be a few pixels
            double low = Math.min(reference, DatasetUtils.findMinimumRangeValue(dataset).doubleValue());
            double high = Math.max(reference, DatasetUtils.findMaximumRangeValue(dataset).doubleValue());
            double margin = (high - low) * 0.05;
            y.setRange(low - margin, high + margin);
        }
        JFreeChart chart = overSize(title, dataset, y);
        chart.getXYPlot().addRangeMarker(referenceLine(reference));
        return chart;
    }

    private static XYSeriesCollection dataset(List<Series> series) {
        XYSeriesCollection dataset = new XYSeriesCollection();
        for (Series s : series) {
            XYSeries curve = new XYSeries(s.name(), false, false);
            s.points().stream().filter(p -> p[0] > 0 && p[1] > 0).forEach(p -> curve.add(p[0], p[1]));
            if (!curve.isEmpty()) {
                dataset.addSeries(curve);
            }
        }
        return dataset;
    }

    /** The dataset's curves against a logarithmic message-size axis (powers of two labelled as byte sizes) and {@code y}. */
    private static JFreeChart overSize(String title, XYSeriesCollection dataset, ValueAxis y) {
        LogAxis size = new LogAxis("message size") {
            @Override
            protected AttributedString createTickLabel(double value) {
                return new AttributedString(Report.bytes(Math.round(value)));
            }
        };
        size.setBase(2);
        size.setTickUnit(new NumberTickUnit(2)); // a tick every power of four
        size.setMinorTickMarksVisible(false);
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < dataset.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2));
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
            renderer.setSeriesShape(i, new Ellipse2D.Double(-3.5, -3.5, 7, 7));
        }
        XYPlot plot = new XYPlot(dataset, size, y, renderer);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        return styled(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true), plot);
    }

    /** Bars of {@code values.get(group).get(series)}, one group per key, with a dashed line at {@code reference}. */
    static JFreeChart groupedBars(String title, String yLabel, Map<String, Map<String, Double>> values, double reference) {
        DefaultCategoryDataset dataset = new DefaultCategoryDataset();
        values.forEach((group, bars) -> bars.forEach((series, value) -> dataset.addValue(value, series, group)));
        JFreeChart chart = ChartFactory.createBarChart(title, "", yLabel, dataset);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setRangeGridlinePaint(GRID);
        // labels such as "CG 4p" are wider than a group of bars of a busy chart: let them use more than their share
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(2);
        plot.getDomainAxis().setCategoryMargin(0.15);
        plot.addRangeMarker(referenceLine(reference));
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        for (int i = 0; i < dataset.getRowCount(); i++) {
            renderer.setSeriesPaint(i, PALETTE[i % PALETTE.length]);
        }
        return styled(chart, plot);
    }

    private static ValueMarker referenceLine(double value) {
        return new ValueMarker(value, Color.BLACK,
                new BasicStroke(1, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
    }

    /** White background, legend on the right, as the report's charts have always looked. */
    private static JFreeChart styled(JFreeChart chart, Plot plot) {
        chart.setBackgroundPaint(Color.WHITE);
        plot.setBackgroundPaint(Color.WHITE);
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.RIGHT);
            legend.setFrame(BlockBorder.NONE);
        }
        return chart;
    }

    /** The chart as a {@value #WIDTH}×{@value #HEIGHT} PNG. */
    static void write(JFreeChart chart, Path file) {
        try {
            ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** An insertion-ordered map, for callers that build {@link #groupedBars} values. */
    static <K, V> Map<K, V> ordered() {
        return new LinkedHashMap<>();
    }
}
