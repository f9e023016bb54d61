// Moved to packages/shared (the WhatsApp replies of packages/api read typed answers with the same readers: decision
// 0050); re-exported here so the engines keep their imports.
export * from "@atende/shared/understanding/yesno";
