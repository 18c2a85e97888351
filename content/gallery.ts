// The gallery (spec 2.5): 17 photos with their titles and alt texts, after
// the pictures the farm adds to its media library (issue 30).
import {
  type AnyPicture,
  isUploaded,
  type Picture,
  pictureUrl,
  type UploadedPicture,
} from "./images";

/** One of the gallery's own photos. */
type OwnPhoto = Picture & { title: string };
export type GalleryImage = OwnPhoto | (UploadedPicture & { title: string });

/** A picture's own largest file: where its link goes without scripts. */
export const largestFile = (image: AnyPicture) =>
  isUploaded(image) ? image.url : pictureUrl(image, image.width);

const photo = (name: string, title: string, alt: string): OwnPhoto => ({
  src: `/images/gallery/${name}`,
  width: 1200,
  height: 900,
  title,
  alt,
});

export const galleryPage = {
  title: "Experience our Farm",
  intro:
    "Life on the station, from the Brangus herd in the paddocks to campfires by the creek. Select a photo to see it larger.",
};

export const galleryImages: OwnPhoto[] = [
  photo(
    "brangus-herd",
    "Our Beautiful Brangus Herd",
    "A herd of black Brangus cattle grazing on a green hillside paddock",
  ),
  photo(
    "mother-and-calves",
    "Mother and Calves",
    "A Brangus cow standing beside two young calves in the grass",
  ),
  photo(
    "highland-cattle",
    "Highland Cattle in the Paddock",
    "Shaggy red Highland cattle with long horns standing in a paddock",
  ),
  photo(
    "evening-campfire",
    "Evening Campfire",
    "A campfire glowing in a fire ring at dusk beside a tent",
  ),
  photo(
    "adventure-playground",
    "Adventure Playground",
    "A timber swing set and slide on the grass near the campsites",
  ),
  photo(
    "mountain-sunset",
    "Mountain Sunset",
    "The sun setting behind a range of blue mountains under an orange sky",
  ),
  photo(
    "wildlife-at-the-creek",
    "Wildlife at the Creek",
    "A heron wading in the shallows of the creek with a kangaroo on the bank",
  ),
  photo(
    "creekside-campsite",
    "Creekside Campsite",
    "A tent pitched on a grassy flat beside the creek under gum trees",
  ),
  photo(
    "morning-mist",
    "Morning Mist on the Creek",
    "Soft mist lying over the creek and paddocks in the early morning light",
  ),
  photo(
    "paddling-the-creek",
    "Paddling the Creek",
    "A person paddling a red kayak along the calm creek",
  ),
  photo(
    "fishing-spot",
    "Fishing at the Creek",
    "A person fishing from the creek bank with a rod in the afternoon",
  ),
  photo(
    "starry-night",
    "Starry Night over the Paddocks",
    "A sky full of stars and the Milky Way above dark paddocks and a tent",
  ),
  photo(
    "caravan-under-the-gums",
    "Caravan Under the Gums",
    "A caravan parked in the shade of tall gum trees",
  ),
  photo(
    "bush-trail",
    "Bush Trail Walk",
    "A dirt walking trail winding between gum trees and long grass",
  ),
  photo(
    "farm-gate",
    "The Farm Gate",
    "A timber farm gate and fence line leading into the station's paddocks",
  ),
  photo(
    "kangaroos-at-dusk",
    "Kangaroos at Dusk",
    "Three kangaroos grazing in a paddock as the sky turns pink at dusk",
  ),
  photo(
    "golden-hour-hills",
    "Golden Hour over the Hills",
    "Rolling hills and paddocks lit gold by the late afternoon sun",
  ),
];
