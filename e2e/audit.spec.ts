/**
 * The audit log (the "sign-in" project): an admin changes one of the team's limits on the Team page,
 * finds the change in the Audit log with its before → after, filters the log by kind, and the CSV
 * export holds exactly the rows shown.
 */
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { expect, test } from "./fixtures";
import { AuditLogPage } from "./pages/audit.page";
import { FROM_DASHBOARD, SignInPage } from "./pages/sign-in.page";
import { TeamPage } from "./pages/team.page";

test("an admin's change shows in the Audit log with before → after, by kind, and the CSV holds the rows shown", async ({
  page,
}) => {
  const limit = "Boards, per member, per minute";
  await new SignInPage(page).signInQuietly("admin@example.com");
  const team = new TeamPage(page);
  await team.goto();
  const before = await team.limit(limit).inputValue();
  const raised = String(Number(before) + 1);
  await team.setLimit(limit, raised);

  const audit = new AuditLogPage(page);
  await audit.openFromTeam();
  await expect(audit.rows.first()).toContainText(`boardsPerMinute: ${before} → ${raised}`);
  await expect(audit.rows.first()).toContainText("Admin");

  await audit.filterByKind("Team settings changed");
  await expect(audit.rows.first()).toContainText(`boardsPerMinute: ${before} → ${raised}`);
  const shown = await audit.shownRows();
  expect(shown.every((cells) => cells[1] === "Team settings changed")).toBe(true);

  const download = await audit.downloadCsv();
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  const { data: rows } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  // The same entries in the same order: who, from where, and the change.
  expect(rows.map((r) => [r.kind, r["member name"], r.address, r.change])).toEqual(
    shown.map((cells) => ["team_settings.changed", cells[2], cells[3], cells[5]]),
  );

  // The limit back to its default, for the suite's other tests.
  const reset = await page.request.post("/api/team/limits", {
    data: { boardsPerMinute: null },
    headers: FROM_DASHBOARD,
  });
  expect(reset.status()).toBe(200);
});
