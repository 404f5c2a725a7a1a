/**
 * The one module that imports echarts, loaded on demand by <Chart> (React.lazy), so the library lands in
 * its own chunk and only admin pages ever fetch it. Only the parts the admin charts use are registered.
 */

import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCoreModule from 'echarts-for-react/lib/core';
import type { ChartOption } from './chart-option';

echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

// echarts-for-react ships CommonJS with `exports.default`; depending on the bundler's interop the default
// import is either the component or the module object holding it.
const ReactEChartsCore =
  'default' in ReactEChartsCoreModule
    ? (ReactEChartsCoreModule as unknown as { default: typeof ReactEChartsCoreModule }).default
    : ReactEChartsCoreModule;

export default function EChart({ option, height }: { option: ChartOption; height: number }) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={option}
      notMerge
      style={{ height, width: '100%' }}
      opts={{ renderer: 'canvas' }}
    />
  );
}
