// The bench's figures: each printed as it is measured, with its target and
// whether it is met, and all of them written to the results file at the end.
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";

export type Target = { op: "<=" | ">=" | "<" | "="; value: number };

type Line =
  | { kind: "heading"; text: string }
  | { kind: "note"; text: string }
  | { kind: "figure"; text: string; met: boolean | undefined }
  | { kind: "failure"; text: string };

const lines: Line[] = [];
let correctnessFailed = false;

export function meets(value: number, target: Target): boolean {
  if (!Number.isFinite(value)) return false;
  switch (target.op) {
    case "<=":
      return value <= target.value;
    case ">=":
      return value >= target.value;
    case "<":
      return value < target.value;
    case "=":
      return value === target.value;
  }
}

export function heading(text: string) {
  lines.push({ kind: "heading", text });
  console.log(`\n== ${text}`);
}

export function note(text: string) {
  lines.push({ kind: "note", text });
  console.log(`   ${text}`);
}

/**
 * One figure: `label: shown` followed by the target and met / NOT met.
 * `value` is what the target is checked against (in the target's unit).
 */
export function figure(label: string, shown: string, value?: number, target?: Target, unit = "") {
  const met = target && value !== undefined ? meets(value, target) : undefined;
  const goal = target
    ? `  [target ${target.op} ${target.value}${unit}: ${met ? "met" : "NOT met"}]`
    : "";
  const text = `${label}: ${shown}${goal}`;
  lines.push({ kind: "figure", text, met });
  console.log(`   ${text}`);
}

/** A figure checked against several targets at once, `goal` saying which. */
export function figureAll(label: string, shown: string, met: boolean, goal: string) {
  const text = `${label}: ${shown}  [target ${goal}: ${met ? "met" : "NOT met"}]`;
  lines.push({ kind: "figure", text, met });
  console.log(`   ${text}`);
}

/** A phase that could not be measured: printed, recorded, and the bench goes on. */
export function failure(phase: string, error: unknown) {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const text = `${phase} FAILED: ${message}`;
  lines.push({ kind: "failure", text });
  console.error(`   ${text}`);
}

/** A broken promise of the app (double bookings, unexpected answers): the bench exits non-zero. */
export function correctnessFailure(text: string) {
  correctnessFailed = true;
  lines.push({ kind: "failure", text: `CORRECTNESS: ${text}` });
  console.error(`   CORRECTNESS: ${text}`);
}

export const hasCorrectnessFailure = () => correctnessFailed;

function commit(): string {
  try {
    const sha = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
    const dirty = execSync("git status --porcelain --untracked-files=no", {
      stdio: ["ignore", "pipe", "ignore"],
    }).toString();
    return dirty.trim() ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return "unknown (not a git checkout)";
  }
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} at the start, Node ${process.version}`;
}

export function writeResults(
  file: string,
  header: { started: Date; command: string; setup: string[] },
) {
  const met = lines.filter((l) => l.kind === "figure" && l.met === true).length;
  const missed = lines.filter((l) => l.kind === "figure" && l.met === false).length;
  const failures = lines.filter((l) => l.kind === "failure").length;
  const out = [
    "# Benchmark results",
    "",
    "Written by `npm run bench` (bench/run.ts), overwritten on each run.",
    "",
    `- date: ${header.started.toISOString()}`,
    `- commit: ${commit()}`,
    `- machine: ${machine()}`,
    `- command: \`${header.command}\``,
    ...header.setup.map((s) => `- ${s}`),
    `- targets met: ${met}, not met: ${missed}, failures: ${failures}`,
  ];
  for (const line of lines) {
    if (line.kind === "heading") out.push("", `## ${line.text}`, "");
    else if (line.kind === "note") out.push(`  ${line.text}`, "");
    else if (line.kind === "figure") out.push(`- ${line.text}`);
    else out.push("", "```", line.text, "```", "");
  }
  writeFileSync(file, `${out.join("\n").replace(/\n{3,}/g, "\n\n")}\n`);
}
