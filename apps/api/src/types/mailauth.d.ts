// The part of mailauth's API the reply listener uses (the package ships no types).
declare module 'mailauth' {
  interface Status {
    result: string;
    aligned?: string | false;
  }
  export interface AuthenticateResult {
    dkim?: { results?: Array<{ signingDomain?: string; status: Status }> };
    spf?: { domain?: string; status: Status } | false;
    dmarc?: { status: Status } | false;
  }
  export function authenticate(
    input: Buffer | string,
    options: {
      ip?: string;
      helo?: string;
      sender?: string;
      mta?: string;
      resolver?: (name: string, rrtype: string) => Promise<unknown>;
      disableArc?: boolean;
      disableBimi?: boolean;
    },
  ): Promise<AuthenticateResult>;
}
declare module 'mailauth/lib/dkim/sign.js' {
  export function dkimSign(
    input: Buffer | string,
    options: { canonicalization?: string; signatureData: Array<{ signingDomain: string; selector: string; privateKey: string }> },
  ): Promise<{ signatures: string; errors: unknown[] }>;
}
