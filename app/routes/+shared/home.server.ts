/** The home page's data (`routes/_index.tsx`), kept apart from its views so neither imports the route. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getConfig } from "~/config.server";
import { todayInBucharest } from "~/lib/dates";
import { courseCards, courseLinks, upcomingSession } from "~/models/catalogue.server";
import { getUser } from "~/models/session.server";

export async function homeLoader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const userId = user?.id ?? null;
  const [session, physical, online] = await Promise.all([
    upcomingSession(todayInBucharest()),
    courseCards("physical", userId, 3),
    courseLinks("online", 3),
  ]);
  return { session, physical, online, trainer: getConfig().business.trainer };
}
