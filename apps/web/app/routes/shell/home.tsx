export function meta() {
  return [{ title: 'Fretline' }];
}

export default function Home() {
  return <h1 className="p-8 text-3xl font-bold">Fretline</h1>;
}
