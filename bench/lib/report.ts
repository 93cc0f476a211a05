// What a bench case produces, and how it is written: bench/results.json and bench/results.md.
import { cpus, loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { ratio, roundRatios, type Timing } from './measure.ts'

/** One figure: ours next to the baseline measured in the same run, and their ratio. */
export interface Row {
  case: string
  subject: string
  value: number
  baseline: string
  baselineValue: number
  unit: string
  /** value ÷ baselineValue. */
  ratio: number
  /** Which way is good for `value` (throughput: higher; time, bytes: lower). */
  better: 'higher' | 'lower'
  /** A ratio to reach: at least it when higher is better, at most it otherwise. */
  target?: { ratio: number; met: boolean }
  /** Per-round figures (ops/s) behind a measured row, to judge the noise. */
  rounds?: { subject: number[]; baseline: number[] }
  /** The lowest and highest per-round ratio (the ratio itself is their median). */
  spread?: { min: number; max: number }
}

export interface Section {
  id: string
  title: string
  rows: Row[]
  /** Findings that are not a row: growth exponents, per-unit costs, flags. */
  notes: string[]
  /** Why the section did not run. */
  skipped?: string
  /** The error that stopped it. */
  failed?: string
}

type RowFields = Omit<Row, 'ratio' | 'target'> & { ratio?: number; target?: number | undefined }

/** A row; its ratio is value ÷ baselineValue unless given (see `timed`). */
export function row(fields: RowFields): Row {
  const { target, ratio = fields.value / fields.baselineValue, ...rest } = fields
  if (target === undefined) return { ...rest, ratio }
  const met = fields.better === 'higher' ? ratio >= target : ratio <= target
  return { ...rest, ratio, target: { ratio: target, met } }
}

/**
 * The figures of two candidates measured side by side, as a rate (higher is better) or as µs per
 * call (lower is better); the ratio is the median of per-round ratios.
 */
export function timed(subject: Timing, baseline: Timing, unit: 'ops/s' | 'req/s' | 'µs') {
  const rounds = { subject: subject.rounds.map(Math.round), baseline: baseline.rounds.map(Math.round) }
  const [a, b] = unit === 'µs' ? [baseline, subject] : [subject, baseline]
  const spread = { min: Math.min(...roundRatios(a, b)), max: Math.max(...roundRatios(a, b)) }
  if (unit === 'µs') return { unit, better: 'lower', value: subject.usPerOp, baselineValue: baseline.usPerOp, ratio: ratio(a, b), rounds, spread } as const
  return { unit, better: 'higher', value: subject.opsPerSec, baselineValue: baseline.opsPerSec, ratio: ratio(a, b), rounds, spread } as const
}

/** Three significant digits, thousands separated. */
export function figure(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value) || 1)))
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
}

const ratioText = (ratio: number) => `${ratio.toFixed(ratio < 10 ? 2 : 1)}x`
/** The median ratio, with the range of the per-round ratios when there are rounds. */
const ratioCell = (r: Row) => (r.spread ? `${ratioText(r.ratio)} (${r.spread.min.toFixed(2)}–${r.spread.max.toFixed(2)})` : ratioText(r.ratio))

function targetText(r: Row): string {
  if (!r.target) return ''
  return `${r.better === 'higher' ? '≥' : '≤'} ${r.target.ratio}x ${r.target.met ? '✓' : '✗ missed'}`
}

function markdown(sections: Section[], header: string): string {
  const lines = [header, '']
  for (const section of sections) {
    lines.push(`#### ${section.title}`, '')
    if (section.skipped || section.failed) {
      lines.push(section.failed ? `Failed: ${section.failed}` : `Skipped: ${section.skipped}`, '')
      continue
    }
    lines.push('| Case | Ours | Baseline | Ratio (min–max over rounds) | Target |', '|---|---|---|---:|---|')
    for (const r of section.rows) {
      lines.push(`| ${r.case} | ${r.subject}: ${figure(r.value)} ${r.unit} | ${r.baseline}: ${figure(r.baselineValue)} ${r.unit} | ${ratioCell(r)} | ${targetText(r)} |`)
    }
    lines.push('')
    for (const note of section.notes) lines.push(`- ${note}`)
    if (section.notes.length) lines.push('')
  }
  return lines.join('\n')
}

export function printSection(section: Section): void {
  console.log(`\n== ${section.title}`)
  if (section.failed) return void console.log(`   FAILED: ${section.failed}`)
  if (section.skipped) return void console.log(`   skipped: ${section.skipped}`)
  for (const r of section.rows) {
    console.log(`   ${r.case.padEnd(34)} ${r.subject}: ${figure(r.value)} ${r.unit} | ${r.baseline}: ${figure(r.baselineValue)} ${r.unit} | ${ratioCell(r)} ${targetText(r)}`)
  }
  for (const note of section.notes) console.log(`   - ${note}`)
}

export function machine() {
  return {
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
  }
}

export function writeResults(dir: string, sections: Section[], meta: Record<string, unknown>): void {
  writeFileSync(`${dir}/results.json`, `${JSON.stringify({ ...meta, sections }, null, 2)}\n`)
  const when = String(meta.generatedAt).slice(0, 10)
  const m = meta.machine as ReturnType<typeof machine>
  const header = `_\`npm run bench\` on ${when}: Node ${m.node}, ${m.cpus} cores (${m.cpuModel}), load ${m.loadAverageAtStart.join(' / ')} at start and ${(meta.loadAverageAtEnd as number[] | undefined)?.join(' / ') ?? '?'} at the end${meta.quick ? ', quick mode' : ''}. Every ratio compares figures measured side by side in that one run._`
  writeFileSync(`${dir}/results.md`, `${markdown(sections, header)}\n`)
}
