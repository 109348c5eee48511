// Every table of the platform, one module per domain; drizzle-kit reads this file.
export * from "../system/schema.js";
export * from "../games/schema.js";
export * from "../accounts/schema.js";
export * from "../ledger/schema.js";
export * from "../payments/schema.js";
export * from "../wallet/schema.js";
export * from "../rounds/schema.js";
export * from "../lottery/schema.js";
export * from "../promotions/schema.js";
export * from "../points/schema.js";
export * from "../contracts/schema.js";
export * from "../agents/schema.js";
export * from "../messages/schema.js";
export * from "../feedback/schema.js";
export * from "../help/schema.js";
export * from "../games/jackpot-schema.js";
export * from "../audit/schema.js";
