export const BUDGET_KB: number;
export function homeInitialJs(): {
  files: { file: string; raw: number; gzip: number }[];
  totalGzip: number;
  budgetKb: number;
};
