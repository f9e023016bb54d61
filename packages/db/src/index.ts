export * from "./access";
export * from "./client";
export * from "./errors";
export * from "./read-shape";
export * as schema from "./schema";
export * from "./together";
