export * from "./catalogue-constants";
export * from "./enums";
export * from "./messages";
export * from "./time";
export * from "./zod";
