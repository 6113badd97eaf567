// Concurrency: the Concurrent Calls API's 5-minute peaks over a chosen range, as a chart (uPlot)
// with the peak in its caption and a table of the same figures for screen readers and keyboards;
// below it each variant's own peak (`slice_by=variant`).

import { h } from 'preact';
import { dateTime } from '../format';
import { fetchConcurrency, fetchConcurrencyByVariant, type Interval } from '../platform-api';
import { replaceParams } from '../route';
import { LiveStatus, Scroll } from '../status';
import { usePolling } from '../use-polling';
import { ConcurrencyChart } from './concurrency-chart';

const RANGES: Record<string, { label: string; ms: number }> = {
  '1h': { label: 'Last hour', ms: 3_600_000 },
  '6h': { label: 'Last 6 hours', ms: 6 * 3_600_000 },
  '24h': { label: 'Last 24 hours', ms: 86_400_000 },
  '7d': { label: 'Last 7 days', ms: 7 * 86_400_000 },
  '30d': { label: 'Last 30 days', ms: 30 * 86_400_000 },
};

export function peakOf(intervals: readonly Interval[]): Interval | undefined {
  return intervals.reduce<Interval | undefined>(
    (peak, interval) => (peak === undefined || interval.max > peak.max ? interval : peak),
    undefined,
  );
}

export function ConcurrencyPage({ params }: { params: URLSearchParams }) {
  const rangeKey = params.get('range') ?? '1h';
  const range = RANGES[rangeKey] ?? RANGES['1h']!;
  const environment = params.get('env') ?? 'live';
  const polled = usePolling(
    async (signal) => {
      const now = Date.now();
      const query = { from: new Date(now - range.ms).toISOString(), to: new Date(now).toISOString(), environment, variantId: '' };
      const [total, byVariant] = await Promise.all([fetchConcurrency(query, signal), fetchConcurrencyByVariant(query, signal)]);
      return { total, byVariant };
    },
    `${rangeKey}|${environment}`,
    5_000,
  );
  const set = (change: Record<string, string>): void => replaceParams(['concurrency'], { range: rangeKey, env: environment, ...change });
  const intervals = polled.data?.total ?? [];
  const peak = peakOf(intervals);
  const busy = intervals.filter((interval) => interval.max > 0);

  return (
    <section>
      <h1 id="concurrency-title">Concurrency</h1>
      <fieldset class="filters">
        <legend>Range</legend>
        <label>
          <span>Period</span>
          <select value={rangeKey} onChange={(event) => set({ range: event.currentTarget.value })}>
            {Object.entries(RANGES).map(([value, preset]) => (
              <option key={value} value={value}>
                {preset.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Environment</span>
          <select value={environment} onChange={(event) => set({ env: event.currentTarget.value })}>
            <option value="live">live</option>
            <option value="pre-release">pre-release</option>
            <option value="sandbox">sandbox</option>
          </select>
        </label>
      </fieldset>
      <LiveStatus polled={polled} what="concurrency" everySeconds={5} />
      <figure aria-labelledby="concurrency-caption">
        <figcaption>
          <span id="concurrency-caption">Concurrent conversations</span>
          <span class="peak" data-testid="peak">
            {peak === undefined
              ? ''
              : peak.max === 0
                ? ` — none in ${range.label.toLowerCase()}`
                : ` — peak ${peak.max} in the 5 minutes from ${dateTime(new Date(peak.time).toISOString())}`}
          </span>
        </figcaption>
        {polled.data ? <ConcurrencyChart intervals={intervals} /> : null}
      </figure>
      <details class="table-alternative">
        <summary>The figures as a table ({busy.length} five-minute windows with conversations)</summary>
        <Scroll label="Concurrent conversations per 5 minutes">
          <table class="list">
            <caption>Peak concurrent conversations per 5-minute window (windows without any left out)</caption>
            <thead>
              <tr>
                <th scope="col">Window from</th>
                <th scope="col" class="number">
                  Peak
                </th>
              </tr>
            </thead>
            <tbody>
              {busy.map((interval) => (
                <tr key={interval.time}>
                  <th scope="row">{dateTime(new Date(interval.time).toISOString())}</th>
                  <td class="number">{interval.max}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </details>
      {polled.data ? (
        <Scroll label="Peak per variant">
          <table class="list">
            <caption>Peak per variant ({range.label.toLowerCase()}; the variants that had conversations)</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col" class="number">
                  Peak
                </th>
                <th scope="col">In the 5 minutes from</th>
              </tr>
            </thead>
            <tbody>
              {polled.data.byVariant.length === 0 ? (
                <tr>
                  <td colSpan={3}>No conversation in this range.</td>
                </tr>
              ) : (
                polled.data.byVariant.map((series) => {
                  const variantPeak = peakOf(series.intervals);
                  return (
                    <tr key={series.variantId}>
                      <th scope="row">
                        {series.variantName || series.variantId} <span class="id muted">{series.variantId}</span>
                      </th>
                      <td class="number">{variantPeak?.max ?? 0}</td>
                      <td>{variantPeak && variantPeak.max > 0 ? dateTime(new Date(variantPeak.time).toISOString()) : '—'}</td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </Scroll>
      ) : null}
    </section>
  );
}
