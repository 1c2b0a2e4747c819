// The ESM build: the CommonJS one (lib/) hands Vite a { default } object instead of the component.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what this chart uses, so the dashboard chunk stays small. SVG keeps labels in the DOM.
echarts.use([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

const BLUE = '#2563eb';

export default function TrendChart({ labels, counts }: { labels: string[]; counts: number[] }) {
  const option = {
    grid: { left: 40, right: 16, top: 24, bottom: 32 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', boundaryGap: false, data: labels },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        name: 'Inquiries',
        type: 'line',
        smooth: true,
        data: counts,
        lineStyle: { color: BLUE, width: 2 },
        itemStyle: { color: BLUE },
        areaStyle: {
          color: new echarts.graphic.LinearGradient(0, 0, 0, 1, [
            { offset: 0, color: 'rgba(37, 99, 235, 0.45)' },
            { offset: 1, color: 'rgba(37, 99, 235, 0.02)' },
          ]),
        },
      },
    ],
  };
  return (
    <div
      className="trend-chart"
      role="img"
      aria-label={`Inquiries per period: ${labels.map((l, i) => `${l} ${counts[i]}`).join(', ')}`}
    >
      <ReactEChartsCore echarts={echarts} option={option} notMerge opts={{ renderer: 'svg' }} style={{ height: 300 }} />
    </div>
  );
}
