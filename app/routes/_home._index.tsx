/** The bare home page: no popup open. */
export default function HomeIndex() {
  return null;
}
