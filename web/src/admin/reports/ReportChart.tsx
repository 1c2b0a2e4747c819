// The ESM build: the CommonJS one (lib/) hands Vite a { default } object instead of the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { BarChart, FunnelChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the reports draw, so the Reports chunk stays small. SVG keeps labels in the DOM.
echarts.use([BarChart, FunnelChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

const COLORS = ['#2563eb', '#94a3b8'];

export interface ChartSeries {
  name: string;
  values: number[];
}

/** A report's chart: a funnel of its steps, or bars per label (one series per period). */
export interface ReportChartProps {
  type: 'funnel' | 'bar';
  labels: string[];
  series: ChartSeries[];
}

function optionOf({ type, labels, series }: ReportChartProps) {
  if (type === 'funnel') {
    return {
      tooltip: { trigger: 'item' },
      series: [
        {
          type: 'funnel',
          sort: 'none',
          // Labels beside their steps: a step no inquiry reached has no width to hold its label.
          left: '4%',
          width: '56%',
          label: { show: true, position: 'right', formatter: '{b}: {c}', color: '#1f2937' },
          labelLine: { show: true, length: 12 },
          data: labels.map((name, i) => ({ name, value: series[0].values[i] })),
          color: ['#1d4ed8', '#2563eb', '#3b82f6', '#60a5fa'],
        },
      ],
    };
  }
  return {
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    xAxis: { type: 'value', minInterval: 1 },
    // Horizontal bars: long labels (ports, partners, reasons) stay readable; the first row on top.
    yAxis: { type: 'category', inverse: true, data: labels, axisLabel: { width: 160, overflow: 'truncate' } },
    series: series.map((s, i) => ({ name: s.name, type: 'bar', data: s.values, itemStyle: { color: COLORS[i] } })),
  };
}

export default function ReportChart(props: ReportChartProps) {
  const height = props.type === 'funnel' ? 260 : Math.max(160, 40 + props.labels.length * 28 * props.series.length);
  return (
    // The table beside it holds the same figures for screen readers.
    <div className="report-chart" aria-hidden="true">
      <ReactEChartsCore echarts={echarts} option={optionOf(props)} notMerge opts={{ renderer: 'svg' }} style={{ height }} />
    </div>
  );
}
