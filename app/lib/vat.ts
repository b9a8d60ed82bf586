/**
 * VAT arithmetic on VAT-inclusive prices in integer bani (the admin's prices are final prices).
 *
 * Per rate, the VAT of the rate group is round(gross × r / (100 + r)) (half away from zero);
 * each line gets its own rounded share and the rounding difference goes to the largest lines,
 * so lines add up to their group, the groups to the grand total, and net + VAT = the bani paid.
 * The group VAT differs from round(net × r / 100) by at most 0.605 bani, inside EN 16931's
 * BR-CO-17 tolerance.
 */

export interface VatLineInput {
  grossBani: number;
  /** Percent (21, 11, 0). */
  rate: number;
}

export interface VatLine extends VatLineInput {
  netBani: number;
  vatBani: number;
}

export interface VatGroup {
  rate: number;
  netBani: number;
  vatBani: number;
  grossBani: number;
}

export interface VatSplit {
  lines: VatLine[];
  groups: VatGroup[];
  netBani: number;
  vatBani: number;
  grossBani: number;
}

/** round(num / den) with halves away from zero, exactly, for integers (den > 0). */
export function divRound(num: number, den: number): number {
  const sign = num < 0 ? -1 : 1;
  const abs = Math.abs(num);
  return sign * Math.floor((2 * abs + den) / (2 * den));
}

/** The VAT contained in a VAT-inclusive amount. */
export function vatOfGross(grossBani: number, rate: number): number {
  return rate === 0 ? 0 : divRound(grossBani * rate, 100 + rate);
}

export function splitVat(inputs: VatLineInput[]): VatSplit {
  const lines: VatLine[] = inputs.map((l) => ({ ...l, vatBani: vatOfGross(l.grossBani, l.rate), netBani: 0 }));
  const rates = [...new Set(inputs.map((l) => l.rate))].sort((a, b) => b - a);
  const groups: VatGroup[] = [];
  for (const rate of rates) {
    const members = lines.filter((l) => l.rate === rate);
    const grossBani = members.reduce((s, l) => s + l.grossBani, 0);
    const vatBani = vatOfGross(grossBani, rate);
    let diff = vatBani - members.reduce((s, l) => s + l.vatBani, 0);
    // Hand out the rounding difference one ban at a time, largest lines first.
    const byWeight = [...members].sort((a, b) => Math.abs(b.grossBani) - Math.abs(a.grossBani));
    for (let i = 0; diff !== 0 && byWeight.length > 0; i = (i + 1) % byWeight.length) {
      const step = Math.sign(diff);
      byWeight[i].vatBani += step;
      diff -= step;
    }
    groups.push({ rate, grossBani, vatBani, netBani: grossBani - vatBani });
  }
  for (const line of lines) line.netBani = line.grossBani - line.vatBani;
  const sum = (key: "netBani" | "vatBani" | "grossBani") => groups.reduce((s, g) => s + g[key], 0);
  return { lines, groups, netBani: sum("netBani"), vatBani: sum("vatBani"), grossBani: sum("grossBani") };
}
