// Deciders of every stream type are exported from here.
export {};
