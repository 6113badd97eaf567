// The uPlot chart of 5-minute peaks. The canvas is hidden from assistive technology: the figure's
// caption says the peak and the table beside it carries every figure.

import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Interval } from '../platform-api';

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function options(element: HTMLElement, width: number): uPlot.Options {
  const ink = cssColor(element, '--ink', '#1b1f24');
  const grid = cssColor(element, '--rule', '#d0d7de');
  const accent = cssColor(element, '--accent', '#0b5cad');
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: 260,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
    axes: [axis, { ...axis, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] }],
    series: [
      {},
      { label: 'Concurrent conversations', stroke: accent, width: 2, fill: `${accent}22`, paths: uPlot.paths.stepped?.({ align: 1 }) },
    ],
  };
}

export function ConcurrencyChart({ intervals }: { intervals: readonly Interval[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const data: uPlot.AlignedData = [intervals.map((interval) => interval.time / 1000), intervals.map((interval) => interval.max)];

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(options(element, element.clientWidth || 800), data, element);
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 260 }));
    resize.observe(element);
    // Colours follow the page's scheme: a new chart when the scheme changes.
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    const recolour = (): void => {
      chart.destroy();
      plot.current = new uPlot(options(element, element.clientWidth), data, element);
    };
    scheme.addEventListener('change', recolour);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', recolour);
      plot.current?.destroy();
      plot.current = null;
    };
  }, []);

  useEffect(() => {
    plot.current?.setData(data);
  }, [intervals]);

  return <div class="chart" ref={box} aria-hidden="true" />;
}
