import { ReefScene } from '../../components/ui/art/reef-scene';

/** The reef header of a tab page other than home: the scene behind the page's title. */
export function TabHero({ title }: { title: string }) {
  return (
    <header className="hero hero--compact">
      <ReefScene className="hero__art" />
      <div className="hero__text">
        <h1 className="hero__title">{title}</h1>
      </div>
    </header>
  );
}
