export declare function ciReporters(suite: string): (string | [string, Record<string, unknown>])[];
