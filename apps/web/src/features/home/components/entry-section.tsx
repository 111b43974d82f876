import type { CSSProperties, ReactNode } from 'react';
import { menuEntry } from '../../../layout/menu-config';
import { useSession } from '../../../stores/session';
import type { HomeSection } from '../home-sections';
import { EntryCard } from './entry-card';

/** The heading of a workbench section. */
export function SectionHeading({ section }: { section: Pick<HomeSection, 'title' | 'subtitle' | 'icon' | 'accent'> }) {
  const Icon = section.icon;
  return (
    <header className="home-section-heading">
      <span className="home-section-icon" style={{ '--accent': section.accent } as CSSProperties}>
        <Icon />
      </span>
      <div>
        <h2>{section.title}</h2>
        <p>{section.subtitle}</p>
      </div>
    </header>
  );
}

/** A section of entry cards; entries the old-version flag hides are left out here as in the menu. */
export function EntrySection({ section, children }: { section: HomeSection; children?: ReactNode }) {
  const showOldVersion = useSession((state) => state.marketOldData);
  const cards = section.cards.filter((card) => showOldVersion || !menuEntry(card.to).oldVersionOnly);
  return (
    <section className="home-section" data-testid={`home-section-${section.key}`}>
      <SectionHeading section={section} />
      <div className={`home-grid home-grid-${section.columns}`}>
        {cards.map((card) => (
          <EntryCard key={card.to} card={card} accent={section.accent} />
        ))}
      </div>
      {children}
    </section>
  );
}
