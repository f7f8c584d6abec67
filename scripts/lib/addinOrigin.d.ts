/** Types for addinOrigin.js (CommonJS so that webpack.config.js can require it). */
export declare const MANIFEST_SOURCE_ORIGIN: string;
export declare function devServerPort(env?: NodeJS.ProcessEnv): number;
export declare function addinOrigin(value: string): string;
export declare function targetOrigin(env?: NodeJS.ProcessEnv): string;
export declare function manifestForOrigin(xml: string | Buffer, origin: string): string;
