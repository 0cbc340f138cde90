/**
 * The operator's reward settings as of any instant (decision 065). Rows are effective-dated and never updated, so
 * the value for (rule, generation, level) at t is the latest row in force by t: a purchase is always rewarded at
 * the rates of its own time, whenever the engine gets to it.
 */
import type { RewardRuleName } from '@reef/contract';

export interface RuleRow {
  id: number;
  rule: string;
  generation: number;
  level: number;
  value: string;
  effectiveFrom: Date;
  createdBy: number | null;
}

const keyOf = (rule: string, generation: number, level: number) => `${rule}:${generation}:${level}`;

export class RuleBook {
  /** Per key, rows by effective time ascending (ties: the later id wins). */
  private readonly byKey = new Map<string, RuleRow[]>();

  constructor(readonly rows: readonly RuleRow[]) {
    const sorted = [...rows].sort((a, b) => a.effectiveFrom.getTime() - b.effectiveFrom.getTime() || a.id - b.id);
    for (const row of sorted) {
      const key = keyOf(row.rule, row.generation, row.level);
      const list = this.byKey.get(key);
      if (list) list.push(row);
      else this.byKey.set(key, [row]);
    }
  }

  /** The row in force at `at`, or undefined when the setting was never made (a rate that does not exist pays nothing). */
  rowAt(rule: RewardRuleName, generation: number, level: number, at: Date): RuleRow | undefined {
    const list = this.byKey.get(keyOf(rule, generation, level));
    if (!list) return undefined;
    let found: RuleRow | undefined;
    for (const row of list) {
      if (row.effectiveFrom.getTime() > at.getTime()) break;
      found = row;
    }
    return found;
  }

  /** The value in force at `at` ("0" when none is). */
  valueAt(rule: RewardRuleName, generation: number, level: number, at: Date): string {
    return this.rowAt(rule, generation, level, at)?.value ?? '0';
  }

  /** Every row in force at `at`, one per key. */
  inForce(at: Date): RuleRow[] {
    const out: RuleRow[] = [];
    for (const key of this.byKey.keys()) {
      const [rule, generation, level] = key.split(':');
      const row = this.rowAt(rule as RewardRuleName, Number(generation), Number(level), at);
      if (row) out.push(row);
    }
    return out.sort((a, b) => a.rule.localeCompare(b.rule) || a.generation - b.generation || a.level - b.level);
  }
}
