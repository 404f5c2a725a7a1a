export declare const DEBIAN_CHROMIUMS: readonly string[];
export declare const CHROMIUM_PACKAGE: string;
