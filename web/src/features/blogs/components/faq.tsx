import { useId, useState } from 'react';
import { ChevronIcon } from '@/components/ui/icons.tsx';

// Static questions and answers (spec section 1: not product behaviour).
const entries = [
  {
    question: 'How do I buy a used phone here?',
    answer:
      'Log in, open a brand from the home page and press Purchase on the phone you want. Add your phone number and a meeting address; the seller sees your booking and contacts you. Your bookings are listed under My orders.',
  },
  {
    question: 'Can two people book the same phone?',
    answer:
      'No. The first booking wins and the phone is marked as booked at once for everyone; a later attempt is told that the product is already booked.',
  },
  {
    question: 'How do I sell my phone?',
    answer:
      'Create an account with the seller account type, then open Dashboard → Add Product. Add a clear photo, the price you paid, your asking price, how many years it was used and its condition. You can mark it unavailable or advertise it on the home page from My Product.',
  },
  {
    question: 'What does the verified badge mean?',
    answer:
      "An administrator has checked the seller's identity. Verified sellers' phones carry a green badge next to the seller's name.",
  },
  {
    question: 'What happens when I report a product?',
    answer:
      'The product goes to the administrators, who review it and remove it when it breaks the rules (a fake listing, a stolen device, a misleading description).',
  },
  {
    question: 'Is paying through the site possible?',
    answer:
      'Not yet. Buyer and seller meet and settle the payment themselves; check the phone before you pay.',
  },
];

export function Faq() {
  const baseId = useId();
  const [open, setOpen] = useState<number | null>(0);
  return (
    <section className="section faq" aria-labelledby={`${baseId}-title`}>
      <h1 id={`${baseId}-title`} className="section__title">
        Questions and answers
      </h1>
      <div className="faq__list">
        {entries.map((entry, index) => {
          const expanded = open === index;
          const buttonId = `${baseId}-q${index}`;
          const panelId = `${baseId}-a${index}`;
          return (
            <div key={entry.question} className="faq__item">
              <h2 className="faq__question">
                <button
                  id={buttonId}
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => setOpen(expanded ? null : index)}
                >
                  <span>{entry.question}</span>
                  <ChevronIcon
                    className={`icon faq__chevron${expanded ? ' faq__chevron--open' : ''}`}
                  />
                </button>
              </h2>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                className="faq__answer"
                hidden={!expanded}
              >
                <p>{entry.answer}</p>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
