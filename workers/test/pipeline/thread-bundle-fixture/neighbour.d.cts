export declare function whereAmI(): string;
