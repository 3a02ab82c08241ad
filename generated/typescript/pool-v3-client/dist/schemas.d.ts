export declare const SCHEMAS: Record<string, unknown>;
