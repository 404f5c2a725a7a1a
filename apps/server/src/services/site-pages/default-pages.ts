/**
 * The text each site page shows until an admin saves their own (and again after a reset). Written for any
 * installation: what the software really does, with the figures this server is configured with (the
 * refund window, the seller's name), and nothing it can't know (no address, phone number or legal
 * promise). The operator is expected to replace them: the Support page says where.
 */
import type { SitePageSlug } from '@lectio/contracts/site-pages';
import type { Config } from '../../config';

export interface DefaultSitePage {
  title: string;
  markdown: string;
}

type PageConfig = Pick<Config, 'marketplace' | 'receipts'>;

function about(config: PageConfig): DefaultSitePage {
  const name = config.receipts.sellerName;
  return {
    title: `About ${name}`,
    markdown: `${name} is an online course marketplace. Instructors publish video courses; learners buy them, watch at their own pace and pick up where they left off.

## What you can do here

- **Learn.** Browse the [catalogue](/courses) by category and level, watch the free preview lectures of any course, buy the ones you want and follow your progress lecture by lecture. Finish every lecture of a course and you get a certificate that anyone can verify online.
- **Teach.** Instructors create courses, upload their lectures, set prices and coupons, answer reviews, see how their students progress and get paid their share of every sale.
- **Decide with others' help.** Learners who bought a course can rate and review it, so the next person knows what to expect.

## Who runs this site

This site runs on Lectio, course marketplace software that its operator hosts on their own server. The accounts, courses and records of purchases are kept there; card payments are handled by Stripe.

See the [features](/features) for a closer look, the [FAQ](/pages/faq) for common questions and the [privacy policy](/pages/privacy) for what is stored about you.`,
  };
}

function faq(config: PageConfig): DefaultSitePage {
  const { refundWindowDays, refundMaxProgressPercent } = config.marketplace;
  const refunds =
    refundWindowDays > 0
      ? `Yes, within ${refundWindowDays} days of buying and while you have completed less than ${refundMaxProgressPercent}% of the course's lectures: ask for it from **Purchases** in your dashboard. An admin decides, and the money goes back to the card you paid with.`
      : 'Refunds are not requested from the site here; an admin can still refund a payment.';
  return {
    title: 'Frequently asked questions',
    markdown: `## Can I watch a course before I buy it?

Yes. Lectures marked **Preview** play for anyone, signed in or not, from the course's page.

## How do I buy a course?

Open the course, choose **Enroll Now** and pay by card. Free courses are added to your courses at once. Your card details go to Stripe, the payment provider, and never reach this site.

## Is my progress saved?

Yes. How much of each lecture you watched and which lectures you finished are saved to your account, so you can continue on another device.

## Do I get a certificate?

Yes: when you complete every lecture of a course, a certificate of completion is issued in your name. Download it as a PDF from **My Certificates**; its address lets anyone check that it is genuine.

## Can I get a refund?

${refunds}

## How do I become an instructor?

Create an account, then apply to teach from your dashboard. An admin reviews the application; once it is approved you can create courses, upload lectures and publish them.

## How are instructors paid?

Each sale is recorded in the site's ledger with the instructor's share. Instructors connect a Stripe account from their **Earnings** page, and an admin pays out what is owed.

## How do I delete my account?

From your profile. Your learning data (enrollments, progress, reviews) is deleted; records of payments are kept, without your name, for the site's accounts.`,
  };
}

function support(): DefaultSitePage {
  return {
    title: 'Support',
    markdown: `Most questions have an answer you can reach yourself:

- **Can't sign in?** Use [Forgot password?](/reset-password) on the sign-in page to get a reset link by e-mail.
- **A lecture won't play?** Reload the page; if it still fails, try another browser. Your progress is saved either way.
- **A payment or a refund?** Your purchases, their receipts and refund requests are under **Purchases** in your dashboard.
- **A question about a course?** The course page lists what it covers and its preview lectures; its reviews tell you what other learners thought.
- **Something else?** The [FAQ](/pages/faq) answers the common questions.

## Contacting the team

This page has not been filled in with a contact address yet. If you run this site, sign in as an admin and edit it under **Site pages** in your dashboard, so visitors know how to reach you.`,
  };
}

function privacy(config: PageConfig): DefaultSitePage {
  const name = config.receipts.sellerName;
  return {
    title: 'Privacy policy',
    markdown: `This page says what ${name} stores about you, why, and what you can do about it.

## What is stored

- **Your account:** your name, e-mail address, role and, if you add one, your picture. Your password is stored only as a salted hash: nobody can read it back.
- **Your sessions:** for each sign-in, when it started and was last used, the browser's user agent and the IP address. They are used to keep you signed in, to slow down password guessing and to sign you out everywhere when you ask.
- **Your learning:** the courses you are enrolled in, how much of each lecture you watched, the lectures you finished, your certificates and the reviews you write.
- **Your payments:** the course, amount, currency, date and status of each payment and refund, with the payment provider's reference. Card payments are handled by Stripe: your card number never reaches this site. See [Stripe's privacy policy](https://stripe.com/privacy) for what Stripe keeps.
- **Usage:** which course pages are opened and, while you are signed in, when your account was active, so admins can see how the site is used (as totals per day and per category).
- **E-mail:** the messages the site sends you (password resets, receipts, address verification) and whether they were delivered.

## Cookies and local storage

While you are signed in, the site sets two cookies: the refresh cookie that keeps you signed in (it can't be read by the page's scripts) and a hint holding only that a session exists. There are no advertising or tracking cookies. Your theme (light or dark) and unsent watch progress are kept in your browser's local storage.

## Who sees it

Your reviews show your name and picture to everyone. Instructors see the names of the students who enroll in their courses and figures about how their courses are watched. Admins see accounts and payments to run the site. Nothing is sold or shared for advertising.

## Your choices

You can change your name, picture and password from your profile, and delete your account there: your learning data is deleted, and payment records are kept without your name for the site's accounts.`,
  };
}

function terms(config: PageConfig): DefaultSitePage {
  const name = config.receipts.sellerName;
  const { refundWindowDays, refundMaxProgressPercent } = config.marketplace;
  return {
    title: 'Terms of use',
    markdown: `These are the rules ${name} runs by. They describe how the site works; they are not legal advice, and the site's operator may replace them with their own.

## Your account

Keep your password to yourself; you are responsible for what is done with your account. Admins may suspend an account that breaks these rules.

## Buying courses

Buying a course gives your account access to all of its lectures. Prices are shown before you pay, and the site sends a receipt.${
      refundWindowDays > 0
        ? ` You can ask for a refund within ${refundWindowDays} days of buying, while you have completed less than ${refundMaxProgressPercent}% of the course's lectures; an admin decides.`
        : ''
    }

## Teaching

Instructors may publish only material they have the right to share. The site keeps a commission on each sale and records the instructor's share, which is paid out to their connected Stripe account. Admins may unpublish a course that breaks these rules; students who bought it keep their access.

## Reviews

Reviews must be about the course. Anyone signed in can report a review, and admins may hide it.`,
  };
}

/** The default text of every page, for this server's configuration. */
export function defaultSitePage(slug: SitePageSlug, config: PageConfig): DefaultSitePage {
  switch (slug) {
    case 'about':
      return about(config);
    case 'faq':
      return faq(config);
    case 'support':
      return support();
    case 'privacy':
      return privacy(config);
    case 'terms':
      return terms(config);
  }
}
