import { useId } from 'react';
import { FacebookIcon, InstagramIcon, TwitterIcon, YoutubeIcon } from '../ui/icons.tsx';

const columns = [
  { title: 'Services', links: ['Branding', 'Design', 'Marketing', 'Advertisement'] },
  { title: 'Company', links: ['About us', 'Contact', 'Jobs', 'Press kit'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

const socials = [
  { name: 'Facebook', Icon: FacebookIcon },
  { name: 'Twitter', Icon: TwitterIcon },
  { name: 'Instagram', Icon: InstagramIcon },
  { name: 'YouTube', Icon: YoutubeIcon },
];

export function Footer() {
  const emailId = useId();
  return (
    <footer className="footer">
      <section className="footer__newsletter" aria-labelledby={`${emailId}-title`}>
        <div>
          <h2 id={`${emailId}-title`} className="footer__newsletter-title">
            LET&apos;S STAY IN TOUCH
          </h2>
          <p>Get updates on sales specials and more</p>
        </div>
        {/* The spec shows no submit behaviour for this box. */}
        <form className="footer__newsletter-form" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor={emailId} className="visually-hidden">
            Your email
          </label>
          <input id={emailId} type="email" placeholder="Enter your email" autoComplete="email" />
        </form>
        <div className="footer__social">
          <h3>Follow Us</h3>
          <ul>
            {socials.map(({ name, Icon }) => (
              <li key={name}>
                <a href="#top" aria-label={name} onClick={(event) => event.preventDefault()}>
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="footer__columns">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className="footer__column">
            <h3>{column.title}</h3>
            <ul>
              {column.links.map((link) => (
                <li key={link}>
                  {/* The spec's footer links have no destinations. */}
                  <a href="#top" onClick={(event) => event.preventDefault()}>
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="footer__copyright">© {new Date().getFullYear()} Used Product Resale Market</p>
    </footer>
  );
}
