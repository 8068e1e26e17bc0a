import heroImage from '@/assets/hero-phone.svg';

/** 'Get Started' takes the visitor to the category grid below. */
export function Hero({ targetId }: { targetId: string }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title">What Can I Fix For You Today</h1>
        <p>Quick Afordable &amp; certified cell phone repair service at your door</p>
        <a
          className="button button--primary button--large"
          href={`#${targetId}`}
          onClick={(event) => {
            const target = document.getElementById(targetId);
            if (!target) return;
            event.preventDefault();
            target.scrollIntoView({ behavior: 'smooth', block: 'start' });
            target.focus({ preventScroll: true });
          }}
        >
          Get Started
        </a>
      </div>
      <img className="hero__image" src={heroImage} alt="" width="360" height="300" />
    </section>
  );
}
