/** NETOPIA mobilPay error codes (netopia.md), in Romanian, for buyers and the simulator. */
export const MOBILPAY_ERRORS: Record<number, string> = {
  16: "Card cu risc (respins de banca emitentă)",
  17: "Număr de card incorect",
  18: "Card închis",
  19: "Card expirat",
  20: "Fonduri insuficiente",
  21: "Cod CVV2 incorect",
  22: "Banca emitentă nu este disponibilă",
  32: "Sumă incorectă",
  33: "Monedă incorectă",
  34: "Tranzacție nepermisă",
  35: "Tranzacție respinsă",
  36: "Tranzacție respinsă de filtrele antifraudă",
  37: "Tranzacție respinsă (încălcarea legii)",
  38: "Tranzacție respinsă",
  48: "Cerere invalidă",
  99: "Eroare generică",
};
