/**
 * Catalogue images stored before a picture width existed get the missing variant from the media
 * job (models/media.server.ts backfillImageVariants): made from the stored image at that width,
 * offered by the catalogue pages at once (catalogue version bumped, every process's "no such
 * variant" memory dropped), made once, and never for a GIF (kept as uploaded).
 */
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabaseHandle, getDb } from "../../db/client";
import { products } from "../../db/schema";
import { withProcessCatalogueCache } from "../helpers/catalogue-cache";
import { createProduct } from "../helpers/factories";
import { variantKey } from "~/lib/images";
import { productCards } from "~/models/catalogue.server";
import { backfillImageVariants } from "~/models/media.server";
import { CATALOGUE_CHANNEL, catalogueWritten, processCatalogueCache } from "~/services/catalogue-cache.server";
import { getStorage } from "~/services/storage.server";

withProcessCatalogueCache();

async function storeWebp(key: string, width: number) {
  const image = await sharp({ create: { width, height: (width * 2) / 3, channels: 3, background: "#c0306a" } })
    .webp()
    .toBuffer();
  await getStorage().put(key, image, "image/webp");
}

describe("missing image variants", () => {
  it("are made from the stored image, shown by the catalogue at once, and made once", async () => {
    const key = `products/${Date.now()}_lampa-veche.webp`;
    // Uploaded when only the 480px variant was made.
    await storeWebp(key, 960);
    await storeWebp(variantKey(key, 480), 480);
    const gif = `products/${Date.now()}_animatie.gif`;
    await getStorage().put(gif, Buffer.from("GIF89a"), "image/gif");
    const product = await createProduct({ imageKey: key });
    await createProduct({ imageKey: gif });

    const before = (await productCards()).find((card) => card.id === product.id);
    expect(before?.image?.small).toContain("-480.webp");
    expect(before?.image?.medium).toBeNull();
    const version = processCatalogueCache()?.version;
    // What the other processes hear.
    const heard: string[] = [];
    const stop = await getDatabaseHandle()!.listen(CATALOGUE_CHANNEL, (payload) => heard.push(payload), () => {});

    expect(await backfillImageVariants()).toMatchObject({ made: 1 });
    const made = await getStorage().readRange(variantKey(key, 720), 0, 1024 * 1024);
    expect(made).not.toBeNull();
    expect(await sharp(Buffer.from(made!)).metadata()).toMatchObject({ width: 720, height: 480, format: "webp" });
    expect(await getStorage().head(variantKey(gif, 720))).toBeNull();

    await expect.poll(() => processCatalogueCache()?.version).toBeGreaterThan(version!);
    await expect.poll(() => heard).toContain(String(processCatalogueCache()?.version));
    await stop();
    const after = (await productCards()).find((card) => card.id === product.id);
    expect(after?.image?.medium).toBe(`/img/${variantKey(key, 720)}`);

    const settled = processCatalogueCache()?.version;
    expect(await backfillImageVariants()).toMatchObject({ made: 0 });
    expect(processCatalogueCache()?.version).toBe(settled);
  });

  it("made by another process, are offered once the catalogue changes", async () => {
    const key = `products/${Date.now()}_pile-vechi.webp`;
    await storeWebp(key, 960);
    await storeWebp(variantKey(key, 480), 480);
    const product = await createProduct({ imageKey: key });
    await catalogueWritten();
    expect((await productCards()).find((card) => card.id === product.id)?.image?.medium).toBeNull();
    // This process remembers that there is no 720px file; another one then makes it.
    await storeWebp(variantKey(key, 720), 720);
    await getDb().update(products).set({ title: "Pile (set nou)" }).where(eq(products.id, product.id));
    await catalogueWritten();
    expect((await productCards()).find((card) => card.id === product.id)?.image?.medium).toBe(`/img/${variantKey(key, 720)}`);
  });
});
