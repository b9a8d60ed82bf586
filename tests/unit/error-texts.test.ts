import { describe, expect, it } from "vitest";
import { ERROR_TEXTS } from "~/components/ErrorState";
import { COURSE_FORM_MESSAGES } from "~/lib/validation/admin-course";

describe("error page texts", () => {
  it("the admin area's load message is the course form's (kept literal so no page ships zod for it)", () => {
    expect(ERROR_TEXTS.admin.message).toBe(COURSE_FORM_MESSAGES.loadFailed);
  });
});
