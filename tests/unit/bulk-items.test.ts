import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { applyBulkAdd, splitLines, withActivityLines, withDetailLines } from "~/lib/bulk-items";
import { courseFormSchema } from "~/lib/validation/admin-course";

const seventeen = Array.from({ length: 17 }, (_, i) => `Tema ${i + 1}`);

describe("one item per line", () => {
  it("splits on any line break, drops empty lines, spaces and leading bullets", () => {
    expect(splitLines("  Unu \r\n\r\n• Doi\n- Trei\r– Patru\n   \n5. Cinci")).toEqual(["Unu", "Doi", "Trei", "Patru", "5. Cinci"]);
    expect(splitLines(seventeen.join("\n") + "\n")).toHaveLength(17);
  });

  it("puts pasted lines in place of the item pasted into, with new ids after the largest", () => {
    const details = [{ id: "0", text: "A" }, { id: "4", text: "" }, { id: "2", text: "C" }];
    expect(withDetailLines(details, ["B1", "B2", "B3"], 1)).toEqual([
      { id: 0, text: "A" },
      { id: 4, text: "B1" },
      { id: 5, text: "B2" },
      { id: 6, text: "B3" },
      { id: 2, text: "C" },
    ]);
    expect(withActivityLines(["x", "", "z"], ["y1", "y2"], 1)).toEqual(["x", "y1", "y2", "z"]);
  });

  it("appends lines in place of blank rows", () => {
    expect(withDetailLines([{ id: 0, text: "" }], seventeen)).toHaveLength(17);
    expect(withDetailLines([{ id: 0, text: "" }], ["a"])).toEqual([{ id: 0, text: "a" }]);
    expect(withActivityLines(["", "keep"], ["b"])).toEqual(["keep", "b"]);
  });

  it("turns the no-JavaScript button into conform's update of that list (17 lines, 17 items)", () => {
    const data = new FormData();
    data.set("title", "Curs");
    data.set("chapters[0].id", "0");
    data.set("chapters[0].title", "Teorie");
    data.set("chapters[0].details[0].id", "0");
    data.set("chapters[0].details[0].text", "");
    data.set("days[0].id", "1");
    data.set("days[0].title", "Ziua 1");
    data.set("days[0].activities[0]", "Prezentare");
    data.set("bulk:chapters[0].details", seventeen.join("\n"));
    data.set("bulk:days[0].activities", "");
    data.set("bulkAdd", "chapters[0].details");
    applyBulkAdd(data);
    expect([...data.keys()].some((k) => k.startsWith("bulk"))).toBe(false);
    const submission = parseWithZod(data, { schema: courseFormSchema("physical") });
    expect(submission.status).toBeUndefined();
    const payload = submission.payload as { chapters: Array<{ details: Array<{ id: string; text: string }> }>; days: Array<{ activities: string[] }> };
    expect(payload.chapters[0].details).toHaveLength(17);
    expect(payload.chapters[0].details[16]).toEqual({ id: "16", text: "Tema 17" });
    expect(payload.days[0].activities).toEqual(["Prezentare"]);
  });

  it("ignores a list name it does not know", () => {
    const data = new FormData();
    data.set("title", "Curs");
    data.set("bulkAdd", "prices");
    data.set("bulk:prices", "1\n2");
    applyBulkAdd(data);
    expect([...data.keys()]).toEqual(["title"]);
  });
});
