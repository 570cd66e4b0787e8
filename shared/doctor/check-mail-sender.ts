import { GetEmailIdentityCommand, NotFoundException, type SESv2Client } from '@aws-sdk/client-sesv2';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';

/**
 * The console's sender (`MAIL_FROM`) may send through SES: its address, or its domain, is an identity verified for
 * sending (the address is asked first: an address identity overrides its domain's).
 */
export async function checkMailSender(ses: SESv2Client, mailFrom: string): Promise<Finding> {
  const domain = mailFrom.slice(mailFrom.lastIndexOf('@') + 1);
  for (const identity of [mailFrom, domain]) {
    try {
      const answer = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      if (answer.VerifiedForSendingStatus) return ok('mail sender', `${mailFrom}: SES identity ${identity} verified`);
      return problem(
        'mail sender',
        `SES identity ${identity} is not verified for sending (${answer.VerificationStatus ?? 'unknown'})`,
        `Finish the verification of ${identity} in SES (DNS records for a domain, the link for an address)`,
      );
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
    }
  }
  return problem(
    'mail sender',
    `neither ${mailFrom} nor ${domain} is an SES identity`,
    `Create and verify the SES identity ${domain}, or deploy with -c mailFrom=<an address of a verified identity>`,
  );
}
