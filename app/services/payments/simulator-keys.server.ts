/**
 * The built-in simulator's key pairs and merchant signature, generated once into
 * DATA_DIR/payment-simulator.json (created atomically: first writer wins, so several processes
 * on one DATA_DIR agree).
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "~/config.server";

export interface SimulatorKeys {
  signature: string;
  /** The simulator plays NETOPIA: it decrypts requests with this key. */
  providerPrivatePem: string;
  providerPublicPem: string;
  /** Our merchant key pair: the simulator encrypts IPNs to the public half. */
  merchantPrivatePem: string;
  merchantPublicPem: string;
}

let simulatorKeys: SimulatorKeys | undefined;

function generatePair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privatePem: privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
    publicPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export function getSimulatorKeys(): SimulatorKeys {
  if (simulatorKeys) return simulatorKeys;
  const file = path.join(getConfig().dataDir, "payment-simulator.json");
  if (!fs.existsSync(file)) {
    const provider = generatePair();
    const merchant = generatePair();
    const keys: SimulatorKeys = {
      signature: `SIMU-${randomBytes(2).toString("hex").toUpperCase()}-LATO-RNET-OPIA`,
      providerPrivatePem: provider.privatePem,
      providerPublicPem: provider.publicPem,
      merchantPrivatePem: merchant.privatePem,
      merchantPublicPem: merchant.publicPem,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(temp, JSON.stringify(keys), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temp, { force: true });
    }
  }
  simulatorKeys = JSON.parse(fs.readFileSync(file, "utf8")) as SimulatorKeys;
  return simulatorKeys;
}
