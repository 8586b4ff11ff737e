/** Common US first and last names for the demo data (`npm run seed`) and the back-office benchmark (bench/admin.ts). */

/** The names of a text, one per word. */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const FIRST_NAMES: readonly string[] = words(`
  James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph
  Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret
  Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian
  Melissa Timothy Deborah Ronald Stephanie George Rebecca Jason Sharon Edward Laura Jeffrey Cynthia Ryan
  Dorothy Jacob Amy Nicholas Kathleen Gary Angela Eric Shirley Jonathan Emma Stephen Brenda Larry Pamela
  Justin Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel
  Patrick Carolyn Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane
  Jose Julie Adam Victoria Nathan Joyce Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah
  Virginia Ethan Judith Jeremy Evelyn Christian Hannah Walter Andrea Keith Megan Austin Cheryl Roger
  Jacqueline Terry Madison Sean Teresa Gerald Abigail Carl Sophia Dylan Martha Harold Sara Jordan Gloria Jesse
  Janice Bryan Kathryn Lawrence Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan Julia Billy Grace Joe
  Amber Alan Alice Juan Jean Elijah Denise Willie Frances Albert Danielle Wayne Marilyn Randy Natalie Mason
  Beverly Vincent Diana Liam Brittany Roy Theresa Bobby Kayla Caleb Alexis Bradley Doris Russell Lori Lucas
  Tiffany
`);

export const LAST_NAMES: readonly string[] = words(`
  Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
  Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis
  Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart
  Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim
  Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo
  Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler
  Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
  Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford
  Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman
  Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon
  Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice
  Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer
  Hawkins
`);
