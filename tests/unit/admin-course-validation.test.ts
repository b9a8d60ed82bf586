import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { MONEY_FORMAT_ERROR } from "~/lib/money";
import { cleanSections } from "~/lib/validation/terms";
import { courseFormSchema, courseToFormValue, parseDaysText, toCourseInput } from "~/lib/validation/admin-course";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("course form schema", () => {
  it("turns a valid physical course into bani, days and a content tree without blank rows", () => {
    const submission = parseWithZod(
      form({
        title: " Curs de bază ",
        isPublished: "da",
        durationDays: "5",
        nextSessionOn: "2030-05-04",
        price2: "2.500,00",
        "prices[0].value": "1.800,00 RON",
        "prices[0].days": "3",
        "prices[1].value": "gratis",
        "prices[1].days": "Nelimitat",
        "prices[1].accreditation": "on",
        "prices[1].advancePayment": "on",
        "chapters[0].id": "0",
        "chapters[0].title": "Teorie",
        "chapters[0].details[0].id": "0",
        "chapters[0].details[0].text": "Anatomie",
        "chapters[0].details[1].id": "1",
        "chapters[0].details[1].text": "  ",
        "chapters[1].id": "1",
        "days[0].id": "1",
        "days[0].title": "Ziua 1",
        "days[0].activities[0]": "Prezentare",
        "days[0].activities[1]": "",
        "days[1].id": "2",
      }),
      { schema: courseFormSchema("physical") },
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const input = toCourseInput("physical", submission.value);
    expect(input).toMatchObject({
      title: "Curs de bază",
      isPublished: true,
      durationDays: 5,
      nextSessionOn: "2030-05-04",
      price2Bani: 250000,
      prices: [
        { id: null, days: 3, amountBani: 180000, accreditation: false, advancePayment: false },
        { id: null, days: null, amountBani: 0, accreditation: true, advancePayment: true },
      ],
      content: { chapters: [{ id: 0, title: "Teorie", details: [{ id: 0, text: "Anatomie" }] }], days: [{ id: 1, title: "Ziua 1", activities: ["Prezentare"] }] },
      lessons: [],
    });
  });

  it("online courses are always 'nelimitat' and never take advance payments", () => {
    const submission = parseWithZod(form({ title: "Online", durationDays: "30", "prices[0].value": "10", "prices[0].advancePayment": "on" }), { schema: courseFormSchema("online") });
    if (submission.status !== "success") throw new Error("invalid");
    expect(toCourseInput("online", submission.value)).toMatchObject({ durationDays: null, nextSessionOn: null, prices: [{ advancePayment: false }] });
  });

  it("names the field of each error", () => {
    const submission = parseWithZod(
      form({ "prices[0].value": "1,000.00", "prices[0].days": "câteva", durationDays: "-1", nextSessionOn: "2030-13-45", "days[0].id": "1", "days[0].activities[0]": "x" }),
      { schema: courseFormSchema("physical") },
    );
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.title).toEqual(["Titlul este obligatoriu."]);
    expect(errors["prices[0].value"]).toEqual([MONEY_FORMAT_ERROR]);
    expect(errors["prices[0].days"]?.[0]).toMatch(/nelimitat/);
    expect(errors.durationDays?.[0]).toMatch(/nelimitat/);
    expect(errors.nextSessionOn).toEqual(["Alege o dată validă."]);
    expect(errors["days[0].title"]).toEqual(["Titlul zilei este obligatoriu."]);
  });

  it("refuses media keys from another folder or with a path", () => {
    const submission = parseWithZod(form({ title: "x", imageKey: "videos/1_a.mp4", "lessons[0].chapterId": "0", "lessons[0].lessonId": "1", "lessons[0].title": "L", "lessons[0].pdfKey": "pdfs/../../x.pdf", "chapters[0].id": "0", "chapters[0].title": "C" }), {
      schema: courseFormSchema("online"),
    });
    const errors = submission.reply().error ?? {};
    expect(errors.imageKey?.[0]).toMatch(/Fișier invalid/);
    expect(errors["lessons[0].pdfKey"]?.[0]).toMatch(/Fișier invalid/);
  });

  it("round-trips a stored course into form values", () => {
    const value = courseToFormValue({
      title: "T",
      secondTitle: "",
      thirdTitle: "",
      category: "",
      imageKey: null,
      price2Bani: null,
      durationDays: null,
      nextSessionOn: null,
      isPublished: false,
      options: [{ id: 7, days: 90, amountBani: 0, accreditation: true, advancePayment: false }],
      content: { chapters: [], days: [] },
      lessons: [],
    });
    expect(value.prices).toEqual([{ id: 7, value: "Gratis", days: "90", accreditation: true, advancePayment: false }]);
    expect(value.durationDays).toBe("nelimitat");
    expect(value.isPublished).toBe("nu");
  });

  it("parses days text", () => {
    expect(parseDaysText("")).toBeNull();
    expect(parseDaysText(" NELIMITAT ")).toBeNull();
    expect(parseDaysText("90")).toBe(90);
    expect(parseDaysText("0")).toBeUndefined();
    expect(parseDaysText("1.5")).toBeUndefined();
  });
});

describe("legal sections", () => {
  it("drops sections whose title and description are both blank, trims the rest", () => {
    expect(cleanSections([{ title: " A ", description: "x\r\ny " }, { title: " ", description: "\n" }, {}, { description: "Doar text" }])).toEqual([
      { title: "A", description: "x\ny" },
      { title: "", description: "Doar text" },
    ]);
  });
});
