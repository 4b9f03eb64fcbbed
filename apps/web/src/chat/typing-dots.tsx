/** Three pulsing dots: someone is writing. Motion stops for people who asked for less of it. */
export function TypingDots() {
  return (
    <span aria-hidden="true" className="inline-flex items-center gap-1 py-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 rounded-full bg-zinc-400 motion-safe:animate-bounce dark:bg-zinc-500"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}
