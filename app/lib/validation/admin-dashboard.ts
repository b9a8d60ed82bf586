/** /admin (the dashboard): "Confirmă plata" on an order awaiting a bank transfer. */
import { z } from "zod";

export const confirmTransferSchema = z.object({
  orderId: z.uuid({ error: "Comanda nu există." }),
});
