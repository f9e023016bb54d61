export * from "./access";
export * from "./client";
export * from "./errors";
export * as schema from "./schema";
export * from "./together";
