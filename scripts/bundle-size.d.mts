export interface MeasuredFile {
  file: string;
  raw: number;
  brotli: number;
  gzip: number;
}
/** @deprecated the first load's limit in KB of brotli bytes (HOME_JS_TRANSFER_CEILING_KB). */
export const BUDGET_KB: number;
export function homeInitialJs(): {
  files: MeasuredFile[];
  totalBrotli: number;
  totalGzip: number;
  budgetKb: number;
  ceilingKb: number;
};
export function lazyChunks(): { files: (MeasuredFile & { source: string; budgetKb: number })[]; budgetKb: number };
