/** The leader's duties: led in order, stood down in reverse, one transition at a time. */
import { expect, test } from "vitest";
import { Duties, type LeaderDuty } from "./member";

function duty(name: string, steps: string[], failLead = false): LeaderDuty {
  return {
    lead: async () => {
      steps.push(`${name} lead`);
      if (failLead) throw new Error(`${name} cannot start`);
    },
    standDown: async () => void steps.push(`${name} standDown`),
  };
}

const quiet = () => undefined;

test("duties lead in the order they were added and stand down in reverse", async () => {
  const steps: string[] = [];
  const duties = new Duties(quiet);
  await duties.add(duty("scheduler", steps));
  await duties.add(duty("runner", steps));
  expect(await duties.set(true)).toBe(true);
  expect(await duties.set(false)).toBe(true);
  expect(steps).toEqual(["scheduler lead", "runner lead", "runner standDown", "scheduler standDown"]);
});

test("a duty that cannot start undoes the lead: the others stand down again, and the lead says so", async () => {
  const steps: string[] = [];
  const logged: string[] = [];
  const duties = new Duties((m) => logged.push(m));
  await duties.add(duty("scheduler", steps));
  await duties.add(duty("runner", steps, true));
  expect(await duties.set(true)).toBe(false);
  expect(steps).toEqual(["scheduler lead", "runner lead", "scheduler standDown"]);
  expect(logged).toEqual(["a duty failed to start: Error: runner cannot start"]);
  // Not led: standing down again does nothing.
  await duties.set(false);
  expect(steps).toHaveLength(3);
});

test("a duty added while leading is led at once; removed, it stands down and is never led again", async () => {
  const steps: string[] = [];
  const duties = new Duties(quiet);
  await duties.set(true);
  const remove = await duties.add(duty("scheduler", steps));
  // Removal and an election asked for together: the removal's turn comes first, as asked.
  const removed = remove();
  const again = duties.set(false).then(() => duties.set(true));
  await Promise.all([removed, again]);
  expect(steps).toEqual(["scheduler lead", "scheduler standDown"]);
});
