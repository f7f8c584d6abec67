/**
 * The charts a sheet holds (Worksheet.charts in the emulator), drawn over the grid where they are placed: a simple
 * SVG clustered column chart whose series are read from the cells now (chartData), so it redraws with every change
 * to them, as Excel's charts do. Each bar carries its series, category and value (data-*) and a tooltip.
 */
import * as React from "react";
import { tokens } from "@fluentui/react-components";
import { chartData, type ChartData } from "../../emulator";
import type { SheetModel } from "../../emulator";
import { formatValue } from "../../emulator";
import { HEADER_WIDTH, type ColumnLayout } from "./layout";

const COLOURS = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000"];
const PAD = { top: 50, right: 12, bottom: 100, left: 70 };

function niceMax(max: number): number {
  if (max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

/** Lines drawn under the plot at most (the bottom padding's room); a label needing more is told in its tooltip. */
const MAX_LINES = 7;
const LINE_HEIGHT = 12;
/** About the width of a character of the 10 px labels. */
const CHAR_WIDTH = 5.6;

/**
 * A category's label as lines that fit its group's width: each level (the client, then the wave) on lines of its
 * own, broken between words, never cut inside one (Excel wraps category labels; it does not elide them).
 */
function labelLines(levels: readonly string[], width: number): string[] {
  const room = Math.max(4, Math.floor(width / CHAR_WIDTH));
  const lines: string[] = [];
  for (const level of levels) {
    let line = "";
    for (const word of level.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > room) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
  }
  return lines;
}

const money = (v: number) => formatValue(v, '"€"#,##0');

function ColumnChart({ data, width, height }: { data: ChartData; width: number; height: number }) {
  const plotW = Math.max(10, width - PAD.left - PAD.right);
  const plotH = Math.max(10, height - PAD.top - PAD.bottom);
  const values = data.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = niceMax(Math.max(0, ...values));
  const group = plotW / Math.max(1, data.categories.length);
  const bar = (group * 0.7) / Math.max(1, data.series.length);
  const y = (v: number) => PAD.top + plotH - (Math.max(0, v) / top) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  return (
    <svg width={width} height={height} role="img" aria-label={`Chart: ${data.title || data.name}`} data-chart={data.name}>
      <title>{data.title || data.name}</title>
      <rect x={0} y={0} width={width} height={height} fill={tokens.colorNeutralBackground1} stroke={tokens.colorNeutralStroke1} />
      <text x={width / 2} y={18} textAnchor="middle" fontSize={13} fontWeight={600} fill={tokens.colorNeutralForeground1}>
        {data.title}
      </text>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={PAD.left + plotW} y1={y(t)} y2={y(t)} stroke={tokens.colorNeutralStroke3} />
          <text x={PAD.left - 4} y={y(t) + 4} textAnchor="end" fontSize={10} fill={tokens.colorNeutralForeground2}>
            {money(t)}
          </text>
        </g>
      ))}
      {data.categories.map((category, i) => (
        <g key={i} data-category={category}>
          {data.series.map((s, j) => {
            const v = s.values[i];
            if (v === null) return null;
            return (
              <rect
                key={s.name}
                data-series={s.name}
                data-category={category}
                data-value={v}
                x={PAD.left + i * group + group * 0.15 + j * bar}
                y={y(v)}
                width={Math.max(1, bar - 1)}
                height={Math.max(0, PAD.top + plotH - y(v))}
                fill={COLOURS[j % COLOURS.length]}
              >
                <title>{`${s.name}, ${category}: ${money(v)}`}</title>
              </rect>
            );
          })}
          <text
            data-label={category}
            x={PAD.left + (i + 0.5) * group}
            y={PAD.top + plotH + 14}
            textAnchor="middle"
            fontSize={10}
            fill={tokens.colorNeutralForeground2}
          >
            <title>{category}</title>
            {labelLines(data.levels[i] ?? [category], group - 4)
              .slice(0, MAX_LINES)
              .map((line, k) => (
                <tspan key={k} x={PAD.left + (i + 0.5) * group} dy={k === 0 ? 0 : LINE_HEIGHT}>
                  {line}
                </tspan>
              ))}
          </text>
        </g>
      ))}
      {data.series.map((s, j) => (
        <g key={s.name} transform={`translate(${PAD.left + j * 150}, 38)`}>
          <rect width={10} height={10} y={-9} fill={COLOURS[j % COLOURS.length]} />
          <text x={14} fontSize={11} fill={tokens.colorNeutralForeground1}>
            {s.name}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Every chart of the sheet, over the cells it covers (the grid's scroller is their positioned parent). */
export function SheetCharts(props: { sheet: SheetModel; dataVersion: number; layout: ColumnLayout; rowHeight: number }) {
  const { sheet, layout, rowHeight } = props;
  if (sheet.charts.length === 0) return null;
  return (
    <>
      {sheet.charts.map((chart) => {
        const p = chart.position;
        const left = HEADER_WIDTH + layout.left(p.c);
        const width = Math.max(240, layout.left(p.c + p.cols) - layout.left(p.c));
        const height = Math.max(180, p.rows * rowHeight);
        return (
          <div
            key={chart.name}
            data-testid="sheet-chart"
            style={{ position: "absolute", top: rowHeight * (p.r + 1), left, width, height, zIndex: 2 }}
          >
            <ColumnChart data={chartData(chart)} width={width} height={height} />
          </div>
        );
      })}
    </>
  );
}
