/**
 * What the catalogue model hands the card components (course and product lists). Plain types in
 * lib/ so that the model (server) and the components (browser) share them without importing
 * each other.
 */
import type { CourseListButton } from "./course-actions";
import type { ResponsiveImage } from "./images";

export interface CourseCardView {
  id: number;
  kind: "physical" | "online";
  title: string;
  secondTitle: string;
  category: string;
  image: ResponsiveImage | null;
  durationDays: number | null;
  nextSessionOn: string | null;
  fromPriceBani: number | null;
  price2Bani: number | null;
  /** The 30-day reference price stated next to a struck-through price2Bani. */
  lowest30Bani: number | null;
  severalPrices: boolean;
  button: CourseListButton;
}

export interface ProductCardView {
  id: number;
  title: string;
  subtitle: string;
  image: ResponsiveImage | null;
  priceBani: number;
  price2Bani: number | null;
  /** The 30-day reference price stated next to a struck-through price2Bani. */
  lowest30Bani: number | null;
}
