/**
 * `npm run user:add -- --email ada@example.com --name "Ada" [--role admin|member]`: adds a team
 * member to the ledger's database (DATABASE_URL), asking for the password without echoing it, or
 * reading it from standard input with --password-stdin. The first member should be an admin.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { ROLES, type Role } from "@/lib/contract";
import { countMembers, findMemberRowByEmail } from "@/lib/server/ledger/members";
import { addMember } from "@/lib/server/team/members";
import { passwordProblem } from "@/lib/server/access/password-policy";
import { closeDb, getDb } from "@/lib/server/db/database";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string", default: "member" },
    "password-stdin": { type: "boolean", default: false },
  },
});

async function readPassword(fromStdin: boolean): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: !fromStdin });
  if (fromStdin) {
    for await (const line of rl) return line;
    return "";
  }
  // Typed characters are not echoed back.
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  const prompt = "Password: ";
  process.stdout.write(prompt);
  output._writeToOutput = () => {};
  const password = await new Promise<string>((resolve) => rl.question("", resolve));
  rl.close();
  process.stdout.write("\n");
  return password;
}

async function main(): Promise<number> {
  const { email, name, role } = values;
  if (!email || !name || !(ROLES as readonly string[]).includes(role ?? "")) {
    console.error(
      'Usage: npm run user:add -- --email ada@example.com --name "Ada" [--role admin|member] [--password-stdin]',
    );
    return 2;
  }
  const db = await getDb(process.env.DATABASE_URL ?? "file:./data/dashboard.db");
  if (await findMemberRowByEmail(db, email)) {
    console.error(`A member with the email ${email} already exists.`);
    return 1;
  }
  if ((await countMembers(db)) === 0 && role !== "admin") {
    console.error("The first member must be an admin: add --role admin.");
    return 1;
  }
  const password = await readPassword(values["password-stdin"] ?? false);
  const problem = passwordProblem(password);
  if (problem) {
    console.error(`The password ${problem}.`);
    return 1;
  }
  const member = await addMember(db, { email, name, role: role as Role, password });
  console.log(`Added ${member.name} <${member.email}> as ${member.role}.`);
  return 0;
}

main()
  .then(async (code) => {
    await closeDb(process.env.DATABASE_URL ?? "file:./data/dashboard.db").catch(() => {});
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
