// Creates or drops one PostgreSQL database: node scripts/pg-database.mjs create|drop <admin-url> <name>
import postgres from "postgres";

const [action, adminUrl, name] = process.argv.slice(2);
if (!["create", "drop"].includes(action) || !adminUrl || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/pg-database.mjs create|drop <admin-url> <name>");
  process.exit(2);
}
const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
try {
  if (action === "create") await sql.unsafe(`create database "${name}"`);
  else await sql.unsafe(`drop database if exists "${name}" with (force)`);
} finally {
  await sql.end();
}
