/**
 * React 18.3.1's streaming renderer pads a 2 KB buffer with NUL bytes when a multi-byte character
 * does not fit at its end (react/react#31134). The app's stream step removes the padding, and the
 * page is then valid UTF-8 with every character whole.
 */
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { stripRendererPadding } from "~/services/react-stream.server";

const texts = Array.from({ length: 80 }, (_, i) => `Curier la adresă, ${i}: „Școala de unghii” – ședințe, țesături, învățăcei, mâine și poimâine.`);

/** Many short Romanian texts (short strings take React's buffered path), shifted by `shift` bytes. */
function Page({ shift }: { shift: number }) {
  return (
    <main>
      <h1>{"x".repeat(shift)}</h1>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </main>
  );
}

function render(shift: number, strip: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(<Page shift={shift} />, {
      onAllReady() {
        if (strip) pipe(stripRendererPadding()).pipe(sink);
        else pipe(sink);
      },
      onShellError: reject,
    });
  });
}

describe("React 18 streaming at its 2 KB buffer edge", () => {
  it("React's own output carries NUL bytes for some shifts (the defect this works around)", async () => {
    const withNul: number[] = [];
    for (let shift = 0; shift < 4; shift++) if ((await render(shift, false)).includes(0)) withNul.push(shift);
    expect(withNul.length).toBeGreaterThan(0);
  });

  it("after stripRendererPadding: no NUL, valid UTF-8, every text whole, for every shift", async () => {
    for (let shift = 0; shift < 4; shift++) {
      const bytes = await render(shift, true);
      expect(bytes.includes(0)).toBe(false);
      const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      for (const text of texts) expect(html).toContain(`<p>${text}</p>`);
    }
  });
});
