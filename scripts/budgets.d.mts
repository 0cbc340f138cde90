export declare const HOME_JS_TRANSFER_BUDGET_KB: number;
export declare const HOME_JS_TRANSFER_CEILING_KB: number;
export declare const LIGHTHOUSE_TARGETS: { performance: number; accessibility: number };
export declare const LAZY_CHUNK_BUDGET_KB: number;
export declare const NAMED_LAZY_CHUNK_BUDGETS_KB: Record<string, number>;
