export * from "./catalogue-constants";
export * from "./enums";
export * from "./time";
export * from "./zod";
