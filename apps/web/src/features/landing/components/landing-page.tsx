import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { CtaSection } from './cta-section.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HeroSection } from './hero-section.tsx';
import { QuickStartSection } from './quick-start-section.tsx';

/** Scrolls to `/#features` and `/#quick-start` when the header links point at them. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}

export function LandingPage() {
  useScrollToHash();
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <QuickStartSection />
      <CtaSection />
    </>
  );
}
